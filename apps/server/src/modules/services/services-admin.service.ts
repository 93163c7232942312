import {
  ALWAYS_OPEN,
  type AdminService,
  type AdminServiceDetail,
  type ChatQueue,
  type OpeningHours,
  type ServiceInput,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { organisationAreas } from '../organisations/organisations-admin.service';
import { findOrganisation } from '../organisations/organisations.service';
import { firstFreeSlug, slugify } from '../../platform/slug';
import { isOrganisationQueue, organisationQueues, setQueueOpeningHours, setQueueWhenNobodyOnDuty } from '../chat/chat-queues.service';
import { newQueueId } from '../../platform/chat-ids';
import type { Emit } from '../../platform/events/event-hub';
import { attachmentIssues, replaceServiceSurveys, serviceSurveysOf } from '../surveys/survey-attachments.service';
import * as repo from './services-admin.repo';

export type ServicesDeps = { db: Db; emit: Emit };

function toAdminService(row: repo.ServiceRow): AdminService {
  const { id, name, description, icon, chatQueueId, requiresCode, selfAssessment, areas, openTimeKind, position } = row;
  return { id, name, description, icon, chatQueueId, requiresCode, selfAssessment, areas, openTimeKind, position };
}

export async function listServices(db: Db, actor: AdminActor): Promise<AdminService[]> {
  return (await repo.listOrganisationServices(db, organisationOf(actor))).map(toAdminService);
}

/** The service with its queue's opening hours; a queue without hours of its own (or none at all) is always open. */
async function toDetail(tx: Tx, organisationId: string, row: repo.ServiceRow): Promise<AdminServiceDetail> {
  const queue = await repo.queueOpeningHours(tx, organisationId, row.chatQueueId);
  return {
    ...toAdminService(row),
    openingHours: queue?.openingHours ?? ALWAYS_OPEN,
    whenNobodyOnDuty: queue?.whenNobodyOnDuty ?? 'wait',
    surveys: await serviceSurveysOf(tx, row.id),
  };
}

/** One of the organisation's services; another organisation's answers 404 as if it did not exist. */
export async function getService(db: Db, actor: AdminActor, id: string): Promise<AdminServiceDetail> {
  const organisationId = organisationOf(actor);
  const row = await repo.findOrganisationService(db, organisationId, id);
  if (!row) throw new AppError(404);
  return toDetail(db, organisationId, row);
}

export function listChatQueues(db: Db, actor: AdminActor): Promise<ChatQueue[]> {
  return organisationQueues(db, organisationOf(actor));
}

/**
 * Spec §5 'Service' rules that need the database: the queue is one of the organisation's (unless a new one is
 * made), and the service area is part of the organisation's.
 */
async function inputIssues(tx: Tx, organisationId: string, input: ServiceInput): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (!input.createQueue && !(await isOrganisationQueue(tx, organisationId, input.chatQueueId!.trim()))) {
    issues.push({ field: 'chatQueueId', key: 'chatQueue' });
  }
  const areas = await organisationAreas(tx, organisationId);
  const allowed = new Set([...areas.municipalities, ...areas.postalCodes]);
  input.areas.forEach((code, i) => {
    if (!allowed.has(code)) issues.push({ field: `areas.${i}`, key: 'serviceArea' });
  });
  if (input.surveys) issues.push(...(await attachmentIssues(tx, organisationId, input.surveys)));
  return issues;
}

type NewQueue = { id: string; name: string } | null;

/** The row's values, and the new chat queue it names when one is asked for (made by the chat's event subscriber). */
async function valuesOf(tx: Tx, organisationId: string, input: ServiceInput): Promise<{ values: repo.ServiceValues; newQueue: NewQueue }> {
  const newQueue = input.createQueue ? { id: newQueueId((await findOrganisation(tx, organisationId))!.slug), name: input.name.fi } : null;
  const chatQueueId = newQueue?.id ?? input.chatQueueId!.trim();
  const values = {
    name: input.name,
    description: input.description,
    icon: input.icon,
    chatQueueId,
    requiresCode: input.requiresCode,
    selfAssessment: input.selfAssessment,
    areas: [...new Set(input.areas)],
    // Left out: chat on a new service (the column's default), as it was on an edit.
    ...(input.openTimeKind ? { openTimeKind: input.openTimeKind } : {}),
  };
  return { values, newQueue };
}

/** Hours as stored: the week in order, exceptions by date, a closed day without hours of its own. */
function normaliseHours(hours: OpeningHours): OpeningHours {
  const weekly = hours.weekly.map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
  weekly.sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens));
  const exceptions = hours.exceptions.map(({ date, closed, opens, closes }) =>
    closed || opens === undefined || closes === undefined ? { date, closed } : { date, closed, opens, closes },
  );
  exceptions.sort((a, b) => a.date.localeCompare(b.date));
  return { alwaysOpen: hours.alwaysOpen, closed: hours.closed, weekly, exceptions };
}

/** The service's queue takes the hours of the form, in the service's transaction (left out: they stay as they are). */
async function saveHours(tx: Tx, organisationId: string, queueId: string, input: ServiceInput): Promise<void> {
  if (input.whenNobodyOnDuty && !(await setQueueWhenNobodyOnDuty(tx, organisationId, queueId, input.whenNobodyOnDuty)))
    throw new AppError(500, { detail: 'service queue missing' });
  if (!input.openingHours) return;
  if (!(await setQueueOpeningHours(tx, organisationId, queueId, normaliseHours(input.openingHours))))
    throw new AppError(500, { detail: 'service queue missing' });
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string) {
  await recordAudit(tx, { actorType: 'staff', actorId: actor.staff.userId, action, objectType: 'service', objectId: id, ip: actor.ip });
}

/** A new service at the end of the list, with a new chat queue when asked, and the queue's opening hours when given. */
export async function createService(deps: ServicesDeps, actor: AdminActor, input: ServiceInput): Promise<AdminServiceDetail> {
  const organisationId = organisationOf(actor);
  return deps.db.transaction(async (tx) => {
    throwIfFieldIssues(await inputIssues(tx, organisationId, input));
    const base = slugify(input.name.fi, 'service');
    const { values, newQueue } = await valuesOf(tx, organisationId, input);
    const row = await repo.insertService(tx, {
      ...values,
      organisationId,
      slug: firstFreeSlug(base, await repo.slugsLike(tx, organisationId, base)),
      position: await repo.nextPosition(tx, organisationId),
    });
    await deps.emit(tx, 'service.saved', { organisationId, serviceId: row.id, newQueue });
    await saveHours(tx, organisationId, row.chatQueueId, input);
    if (input.surveys) await replaceServiceSurveys(tx, row.id, input.surveys);
    await audit(tx, actor, 'service.create', row.id);
    return toDetail(tx, organisationId, row);
  });
}

export async function updateService(deps: ServicesDeps, actor: AdminActor, id: string, input: ServiceInput): Promise<AdminServiceDetail> {
  const organisationId = organisationOf(actor);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findOrganisationService(tx, organisationId, id))) throw new AppError(404);
    throwIfFieldIssues(await inputIssues(tx, organisationId, input));
    const { values, newQueue } = await valuesOf(tx, organisationId, input);
    const row = (await repo.updateService(tx, organisationId, id, values))!;
    await deps.emit(tx, 'service.saved', { organisationId, serviceId: id, newQueue });
    await saveHours(tx, organisationId, row.chatQueueId, input);
    if (input.surveys) await replaceServiceSurveys(tx, id, input.surveys);
    await audit(tx, actor, 'service.update', id);
    return toDetail(tx, organisationId, row);
  });
}

/** Deletes the service and, with it, its chat code groups and their codes. */
export async function deleteService(db: Db, actor: AdminActor, id: string): Promise<void> {
  const organisationId = organisationOf(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteService(tx, organisationId, id))) throw new AppError(404);
    await audit(tx, actor, 'service.delete', id);
  });
}

/** The organisation form's service order (event `organisation.servicesOrdered`): the listed ones first, in order. */
export function orderServices(tx: Tx, organisationId: string, serviceIds: string[]): Promise<void> {
  return repo.reorderServices(tx, organisationId, serviceIds);
}
