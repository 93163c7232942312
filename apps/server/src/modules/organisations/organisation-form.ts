import {
  FEATURE_FLAGS,
  ORGANISATION_CREATE_REQUIRED,
  ORGANISATION_IMAGE_KINDS,
  ORGANISATION_JSON_FIELDS,
  ORGANISATION_TEXT_FIELDS,
  type DataSaving,
  type FeatureFlags,
  type OrganisationAreas,
  type OrganisationContent,
  type OrganisationImageKind,
  type OrganisationJsonField,
  type OrganisationTextField,
} from '@prsp/contracts';
import { isCountryCode, municipalityByCode } from '../directory/directory.service';
import { zodIssuesToFieldIssues, type FieldIssue } from '../../platform/field-errors';
import type { ReceivedFile } from '../../platform/files/multipart-reader';
import { checkUploadedImage, type CheckedImage } from './organisation-images';
import { isUuid } from './organisations.repo';

/** The multipart body as read: text fields and files (spooled, not yet stored) by field name. */
export type RawOrganisationForm = { fields: Map<string, string>; files: Map<string, ReceivedFile> };

/** Columns of `organisations` the form sets directly (the form's names mapped to the table's). */
export type OrganisationColumns = Partial<{
  name: string;
  nameSe: string | null;
  nameEn: string | null;
  senderName: string | null;
  senderAddress: string | null;
  paymentNumber: string;
  contactPerson: string;
  contactPersonEmail: string;
  country: string;
  organizationInfo: string;
  primaryColor: string;
  backgroundColor: string;
  endOfService: string | null;
  organisationType: 'internal' | 'external';
  serviceUrl: string;
  dontShowOnListingEnabled: boolean;
  additionalServicesInformation: string;
  surveys: string[];
  presenceIdleMinutes: number;
}>;

/** What one create or update asks for; a field left out of an update stays as it is. */
export type OrganisationForm = {
  id?: string;
  columns: OrganisationColumns;
  flags: Partial<FeatureFlags>;
  content: Partial<OrganisationContent>;
  serviceOrder?: string[];
  areas?: OrganisationAreas;
  dataSaving: Partial<DataSaving>;
  images: Partial<Record<OrganisationImageKind, CheckedImage>>;
  /** `background` sent as the text `null` (or empty): the background image is removed. */
  removeBackground: boolean;
};

/** Fields that may be left empty, stored as null: a name or sender that falls back to another. */
const NULL_WHEN_EMPTY: Partial<Record<OrganisationTextField, keyof OrganisationColumns>> = {
  organizationNameSe: 'nameSe',
  organizationNameEn: 'nameEn',
  senderName: 'senderName',
  senderAddress: 'senderAddress',
};

const COLUMN_OF: Partial<Record<OrganisationTextField, keyof OrganisationColumns>> = {
  organizationName: 'name',
  paymentNumber: 'paymentNumber',
  contactPerson: 'contactPerson',
  contactPersonEmail: 'contactPersonEmail',
  organizationInfo: 'organizationInfo',
  primaryColor: 'primaryColor',
  secondaryColor: 'backgroundColor',
  serviceUrl: 'serviceUrl',
  additionalServicesInformation: 'additionalServicesInformation',
};

function textFields(raw: RawOrganisationForm, form: OrganisationForm, issues: FieldIssue[]) {
  for (const field of Object.keys(ORGANISATION_TEXT_FIELDS) as OrganisationTextField[]) {
    const value = raw.fields.get(field);
    if (value === undefined) continue;
    const parsed = ORGANISATION_TEXT_FIELDS[field].safeParse(value);
    if (!parsed.success) {
      issues.push(...zodIssuesToFieldIssues(field, parsed.error.issues));
      continue;
    }
    const v = parsed.data;
    const column = COLUMN_OF[field];
    const optional = NULL_WHEN_EMPTY[field];
    if (column) (form.columns as Record<string, unknown>)[column] = v;
    else if (optional) (form.columns as Record<string, unknown>)[optional] = v === '' ? null : v;
    else if (field === 'country') {
      if (isCountryCode(v.toLowerCase())) form.columns.country = v.toLowerCase();
      else issues.push({ field, key: 'invalid' });
    } else if (field === 'endOfService') form.columns.endOfService = v === '' ? null : v;
    else if (field === 'organisationType') form.columns.organisationType = v as 'internal' | 'external';
    else if (field === 'dontShowOnListingEnabled') form.columns.dontShowOnListingEnabled = v === 'true';
    else if (field === 'dataSavingExpertMonths') form.dataSaving.expertMonths = v === '' ? null : Number(v);
    else if (field === 'dataSavingAdminMonths') form.dataSaving.adminMonths = v === '' ? null : Number(v);
    else if (field === 'dataSavingPatientDays') form.dataSaving.patientDays = v === '' ? null : Number(v);
    else if (field === 'presenceIdleMinutes') form.columns.presenceIdleMinutes = Number(v);
  }
}

function flagFields(raw: RawOrganisationForm, form: OrganisationForm, issues: FieldIssue[]) {
  for (const flag of FEATURE_FLAGS) {
    const value = raw.fields.get(flag);
    if (value === undefined) continue;
    if (value === 'true' || value === 'false') form.flags[flag] = value === 'true';
    else issues.push({ field: flag, key: 'invalid' });
  }
}

function jsonFields(raw: RawOrganisationForm, form: OrganisationForm, issues: FieldIssue[]) {
  for (const field of Object.keys(ORGANISATION_JSON_FIELDS) as OrganisationJsonField[]) {
    const text = raw.fields.get(field);
    if (text === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      issues.push({ field, key: 'invalid' });
      continue;
    }
    const parsed = ORGANISATION_JSON_FIELDS[field].safeParse(value);
    if (!parsed.success) {
      issues.push(...zodIssuesToFieldIssues(field, parsed.error.issues));
      continue;
    }
    if (field === 'services') form.serviceOrder = (parsed.data as { id: string }[]).map((s) => s.id);
    else if (field === 'surveys') form.columns.surveys = parsed.data as string[];
    else if (field === 'areas') form.areas = parsed.data as OrganisationAreas;
    else (form.content as Record<string, unknown>)[field] = parsed.data;
  }
  form.areas?.municipalities.forEach((code, i) => {
    if (!municipalityByCode(code)) issues.push({ field: `areas.municipalities.${i}`, key: 'invalid' });
  });
}

async function imageFields(raw: RawOrganisationForm, form: OrganisationForm, issues: FieldIssue[]) {
  for (const kind of ORGANISATION_IMAGE_KINDS) {
    const file = raw.files.get(kind);
    if (!file) continue;
    const checked = await checkUploadedImage(kind, file);
    if (checked.ok) form.images[kind] = checked.image;
    else issues.push({ field: kind, key: checked.key });
  }
  const background = raw.fields.get('background');
  if (background !== undefined && !raw.files.has('background')) {
    if (background === 'null' || background === '') form.removeBackground = true;
    else issues.push({ field: 'background', key: 'invalid' });
  }
}

/**
 * Reads the organisation form of spec §3: each text field by its rule, the JSON-string fields parsed and
 * validated, the 14 flags, and the theme images checked on their bytes. Every problem is collected, each
 * naming its field, so the admin sees all of them at once. On create the spec's required fields must be there.
 */
export async function parseOrganisationForm(
  raw: RawOrganisationForm,
  mode: 'create' | 'update',
): Promise<{ form: OrganisationForm; issues: FieldIssue[] }> {
  const form: OrganisationForm = { columns: {}, flags: {}, content: {}, dataSaving: {}, images: {}, removeBackground: false };
  const issues: FieldIssue[] = [];
  if (mode === 'update') {
    const id = raw.fields.get('id');
    if (!id) issues.push({ field: 'id', key: 'required' });
    else if (!isUuid(id)) issues.push({ field: 'id', key: 'invalid' });
    else form.id = id;
  }
  textFields(raw, form, issues);
  flagFields(raw, form, issues);
  jsonFields(raw, form, issues);
  await imageFields(raw, form, issues);
  if (mode === 'create') {
    for (const field of ORGANISATION_CREATE_REQUIRED) {
      const present = field === 'logo' ? raw.files.has('logo') : raw.fields.has(field);
      if (!present) issues.push({ field, key: 'required' });
    }
  }
  return { form, issues: dedupe(issues) };
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => !seen.has(i.field) && seen.add(i.field));
}
