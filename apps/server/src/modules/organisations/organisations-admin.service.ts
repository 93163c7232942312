import {
  localizedOrganisationName,
  type AdminOrganisation,
  type AdminOrganisationList,
  type FeatureFlags,
  type OrganisationContent,
  type OrganisationSaved,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { z } from 'zod/mini';
import type { StaffContext } from '../../platform/access/staff-access';
import { adminMembershipsOf, allOrganisationRefs } from '../staff/staff-organisations.service';
import type { AdminActor } from '../../platform/access/admin-actor';
import { newClientId } from './client-id';
import { defaultOrganisationContent } from './default-content';
import type { OrganisationForm } from './organisation-form';
import { saveImages, withStoredImages, type ImageFiles } from './organisation-images-store';
import { organisationIssues } from './organisation-rules';
import * as repo from './organisations-admin.repo';
import { findOrganisationById, listFileKinds, type OrganisationRow } from './organisations.repo';
import { organisationFileUrl } from './organisation-file-url';
import { dataSavingFromRetention, monthsToDays } from './retention-units';
import { firstFreeSlug, slugify } from '../../platform/slug';
import type { Emit } from '../../platform/events/event-hub';

/** The organisation's survey list names templates it may use (spec §5); anything else is an invalid entry. */
async function surveyListIssues(tx: Tx, organisationId: string | null, ids: readonly string[] | undefined): Promise<FieldIssue[]> {
  if (!ids?.length) return [];
  const usable = await repo.listableSurveyIds(
    tx,
    organisationId,
    ids.filter((id) => z.uuid().safeParse(id).success),
  );
  return ids.flatMap((id, i) => (usable.has(id) ? [] : [{ field: `surveys.${i}`, key: 'invalid' as const }]));
}

/** A new organisation starts with the chat and every language on; the admin turns on the rest. */
const NEW_ORGANISATION_FLAGS: FeatureFlags = {
  bookingsEnabled: false,
  actingEnabled: false,
  logoutEnabled: true,
  contactEnabled: true,
  yourBookingsEnabled: false,
  changeLocationEnabled: false,
  htaConnectorEnabled: false,
  appointmentHistoryEnabled: false,
  asyncMessagingEnabled: false,
  remoteReceptionEnabled: true,
  termsAndConditionsEnabled: true,
  finnishEnabled: true,
  swedishEnabled: true,
  englishEnabled: true,
};

/** The organisations an admin may pick: all of them for a global admin, else where they are a member. */
export async function listAdminOrganisations(db: Db, staff: StaffContext): Promise<AdminOrganisationList> {
  const organisations = staff.isGlobalAdmin
    ? await allOrganisationRefs(db)
    : (await adminMembershipsOf(db, staff.userId)).map((m) => ({ id: m.organisationId, name: m.organisationName }));
  return { organisations, selectedOrganisation: staff.organisationId };
}

/**
 * Object-level check: a global admin reaches every organisation; anyone else only the one their session
 * works in, with the right asked for. Anything else is answered as if it did not exist.
 */
function assertOrganisationAccess(staff: StaffContext, id: string, need: 'view' | 'edit') {
  if (staff.isGlobalAdmin) return;
  if (id !== staff.organisationId || !staff.rights.serviceSettings[need]) throw new AppError(404);
}

function contentOf(row: OrganisationRow): OrganisationContent {
  // Rows written before a content key existed still answer with every key.
  return { ...defaultOrganisationContent(localizedOrganisationName(row.name, row.nameSe, row.nameEn)), ...row.content };
}

/** Spec §3 'Organisation' as the admin form reads it; the chat secrets only as set or not. */
export async function getAdminOrganisation(db: Db, staff: StaffContext, id: string): Promise<AdminOrganisation> {
  assertOrganisationAccess(staff, id, 'view');
  const row = await findOrganisationById(db, id);
  if (!row) throw new AppError(404);
  const [files, areas, services] = await Promise.all([listFileKinds(db, id), repo.areasOf(db, id), repo.serviceSummaries(db, id)]);
  const image = (kind: 'logo' | 'logoEn' | 'logoSe' | 'background') => {
    const file = files.find((f) => f.kind === kind);
    return file ? organisationFileUrl(id, file) : null;
  };
  return {
    ...contentOf(row),
    id: row.id,
    slug: row.slug,
    clientId: row.clientId,
    organizationName: row.name,
    organizationNameSe: row.nameSe ?? '',
    organizationNameEn: row.nameEn ?? '',
    senderName: row.senderName ?? '',
    senderAddress: row.senderAddress ?? '',
    paymentNumber: row.paymentNumber,
    contactPerson: row.contactPerson,
    contactPersonEmail: row.contactPersonEmail,
    country: row.country,
    organizationInfo: row.organizationInfo,
    primaryColor: row.primaryColor,
    secondaryColor: row.backgroundColor,
    endOfService: row.endOfService,
    organisationType: row.organisationType,
    serviceUrl: row.serviceUrl,
    dontShowOnListingEnabled: row.dontShowOnListingEnabled,
    flags: { ...NEW_ORGANISATION_FLAGS, ...row.flags },
    additionalServicesInformation: row.additionalServicesInformation,
    services,
    areas,
    surveys: row.surveys,
    dataSaving: dataSavingFromRetention(row.retention),
    retention: row.retention,
    presenceIdleMinutes: row.presenceIdleMinutes,
    images: { logo: image('logo'), logoEn: image('logoEn'), logoSe: image('logoSe'), background: image('background') },
  };
}

/** A readable, unique slug from the name: `Espoon etävastaanotto` → `espoon-etavastaanotto`. */
async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name, 'organisation');
  return firstFreeSlug(base, new Set(await repo.slugsLike(tx, base)));
}

/** Everything the form sets besides content, flags and images, as table columns. */
function patchOf(form: OrganisationForm, retention: OrganisationRow['retention']): repo.OrganisationPatch {
  const patch: repo.OrganisationPatch = { ...form.columns };
  const saving = form.dataSaving;
  if (Object.keys(saving).length > 0) {
    // Only the values sent change: days stored by other means are not rounded through months.
    patch.retention = {
      expertDays:
        saving.expertMonths === undefined ? retention.expertDays : saving.expertMonths === null ? null : monthsToDays(saving.expertMonths),
      adminDays:
        saving.adminMonths === undefined ? retention.adminDays : saving.adminMonths === null ? null : monthsToDays(saving.adminMonths),
      patientDays: saving.patientDays === undefined ? retention.patientDays : saving.patientDays,
    };
  }
  return patch;
}

async function serviceOrderIssues(tx: Tx, organisationId: string, ids: string[] | undefined): Promise<FieldIssue[]> {
  if (!ids) return [];
  const own = await repo.ownServiceIds(tx, organisationId, ids);
  return ids.flatMap((id, i) => (own.has(id) ? [] : [{ field: `services.${i}`, key: 'invalid' as const }]));
}

/** The names of what an update changes, for the audit log; never the values (secrets among them). */
function changedParts(form: OrganisationForm): string[] {
  const groups = [form.columns, form.content, form.flags, form.images, form.dataSaving];
  return [
    ...groups.flatMap((g) => Object.keys(g)),
    ...(form.areas ? ['areas'] : []),
    ...(form.serviceOrder ? ['services'] : []),
    ...(form.removeBackground ? ['background'] : []),
  ];
}

/** Global admin only: a new organisation from the whole form, with its client id, images and areas, in one transaction. */
export async function createOrganisation(db: Db, actor: AdminActor, form: OrganisationForm, files: ImageFiles): Promise<OrganisationSaved> {
  if (!actor.staff.isGlobalAdmin) throw new AppError(403, { detail: 'global admin only' });
  const name = form.columns.name!;
  const content = {
    ...defaultOrganisationContent(localizedOrganisationName(name, form.columns.nameSe ?? null, form.columns.nameEn ?? null)),
    ...form.content,
  };
  const flags = { ...NEW_ORGANISATION_FLAGS, ...form.flags };
  throwIfFieldIssues([
    ...organisationIssues(content, flags),
    ...(form.serviceOrder?.length ? [{ field: 'services', key: 'invalid' as const }] : []),
    ...(await surveyListIssues(db, null, form.columns.surveys)),
  ]);
  return withStoredImages(files, form, (stored, replaced) =>
    db.transaction(async (tx) => {
      const empty = { patientDays: null, adminDays: null, expertDays: null };
      const saved = await repo.insertOrganisation(tx, {
        ...patchOf(form, empty),
        name,
        primaryColor: form.columns.primaryColor!,
        backgroundColor: form.columns.backgroundColor!,
        slug: await freeSlug(tx, name),
        clientId: newClientId(),
        flags,
        content,
      });
      replaced.push(...(await saveImages(tx, saved.id, stored, form.removeBackground)));
      if (form.areas) await repo.replaceAreas(tx, saved.id, form.areas);
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.staff.userId,
        action: 'organisation.create',
        objectType: 'organisation',
        objectId: saved.id,
        ip: actor.ip,
      });
      return saved;
    }),
  );
}

/** Changes what the form sends and leaves the rest; rules across fields are checked on the merged result. */
export async function updateOrganisation(
  db: Db,
  emit: Emit,
  actor: AdminActor,
  form: OrganisationForm,
  files: ImageFiles,
): Promise<OrganisationSaved> {
  const id = form.id!;
  assertOrganisationAccess(actor.staff, id, 'edit');
  return withStoredImages(files, form, (stored, replaced) =>
    db.transaction(async (tx) => {
      const row = await repo.lockOrganisation(tx, id);
      if (!row) throw new AppError(404);
      const content = { ...contentOf(row), ...form.content };
      const flags = { ...NEW_ORGANISATION_FLAGS, ...row.flags, ...form.flags };
      throwIfFieldIssues([
        ...organisationIssues(content, flags),
        ...(await serviceOrderIssues(tx, id, form.serviceOrder)),
        ...(await surveyListIssues(tx, id, form.columns.surveys)),
      ]);
      await repo.updateOrganisation(tx, id, { ...patchOf(form, row.retention), content, flags });
      replaced.push(...(await saveImages(tx, id, stored, form.removeBackground)));
      if (form.areas) await repo.replaceAreas(tx, id, form.areas);
      if (form.serviceOrder) await emit(tx, 'organisation.servicesOrdered', { organisationId: id, serviceIds: form.serviceOrder });
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.staff.userId,
        action: 'organisation.update',
        objectType: 'organisation',
        objectId: id,
        ip: actor.ip,
        // Which parts changed, never their values (they may hold secrets).
        details: { fields: changedParts(form) },
      });
      return { id, clientId: row.clientId };
    }),
  );
}

/** The municipalities and postal codes an organisation serves (the services form checks service areas against them). */
export const organisationAreas = repo.areasOf;
