import {
  BULK_LIMITS,
  dayCount,
  endOfLocalDay,
  isLocalDate,
  localDateAt,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type BulkAction,
  type BulkApplyRequest,
  type BulkItem,
  type BulkPreview,
  type BulkPreviewRequest,
  type BulkResult,
  type BulkSelection,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import type { BookingDeps } from './admin-bookings.service';
import { rowReads } from './appointment-view';
import { kindOf, isVideo } from './appointment-view';
import { loadAppointmentNotice } from './booking-notifications-data';
import { emitChanges, emitStateChange, snapshotOf } from './booking-updated';
import * as repo from './booking.repo';
import { notifyBulk, type BulkChange } from './bookings-bulk-notify';
import { countsOf, fingerprintOf, planBulk, type BulkRow, type FreeSlot, type PlannedItem } from './bookings-bulk-plan';
import { lockExpertCalendars } from './expert-locks.repo';
import { moveAppointment } from './booking-move.service';

/**
 * Bulk actions on the organisation's open times and bookings (issue 33 point 2; docs/booking.md 'Bulk actions'):
 * the preview says what will happen to each selected row; the apply recomputes the same plan inside one transaction,
 * refuses (1332, HTTP 409) when it is not the plan the preview showed, and then carries all of it out or nothing —
 * every change audited, each person told once (bookings-bulk-notify.ts).
 */

type Plan = { items: PlannedItem[]; listed: repo.ListedRow[]; experts: Map<string, repo.ExpertRecord>; fingerprint: string };

const ACTIVE = ['booked', 'selfBooked'] as const;

/** The rows a selection names, as the list shows them; explicit ids of another organisation (or none) answer 404. */
async function selectedRows(tx: Tx | Db, organisationId: string, selection: BulkSelection, action: BulkAction, now: Date) {
  const opts = { now, limit: BULK_LIMITS.maxItems + 1, offset: 0 };
  if (selection.by === 'ids') {
    const ids = [...new Set(selection.ids)];
    const rows = await repo.listRows(tx, { organisationId, ids }, opts);
    if (rows.length !== ids.length) throw new AppError(404);
    return rows;
  }
  const issues: FieldIssue[] = [];
  if (!isLocalDate(selection.from)) issues.push({ field: 'selection.from', key: 'date' });
  if (!isLocalDate(selection.to)) issues.push({ field: 'selection.to', key: 'date' });
  throwIfFieldIssues(issues);
  const days = dayCount(selection.from, selection.to);
  if (days < 1) throwIfFieldIssues([{ field: 'selection.to', key: 'invalid' }]);
  if (days > BULK_LIMITS.maxDays) throwIfFieldIssues([{ field: 'selection.to', key: 'tooLong' }]);
  if (selection.expertId && !(await repo.organisationExperts(tx, organisationId)).some((e) => e.id === selection.expertId))
    throwIfFieldIssues([{ field: 'selection.expertId', key: 'expert' }]);
  const rows = await repo.listRows(
    tx,
    {
      organisationId,
      expertId: selection.expertId,
      from: startOfLocalDay(selection.from, SERVICE_TIME_ZONE),
      to: endOfLocalDay(selection.to, SERVICE_TIME_ZONE),
      // A range finds what the action is about: open times to delete, or reserved bookings.
      ...(action.kind === 'deleteOpenTimes' ? { status: 'open' as const } : { statuses: [...ACTIVE] }),
    },
    opts,
  );
  if (rows.length > BULK_LIMITS.maxItems) throwIfFieldIssues([{ field: 'selection', key: 'tooLong' }]);
  return rows;
}

const bulkRowOf = (r: repo.ListedRow): BulkRow => ({
  id: r.appointment.id,
  version: r.appointment.version,
  status: r.appointment.status,
  type: r.appointment.type,
  expertId: r.appointment.expertId,
  startsAt: r.appointment.startsAt,
  endsAt: r.appointment.endsAt,
  heldAt: r.appointment.heldAt,
  noShowAt: r.appointment.noShowAt,
  heldByPatient: r.heldUntil !== null,
});

/** The move's target expert's free open times on the days of the selected rows: future, unheld, not over a break. */
async function freeSlots(tx: Tx | Db, organisationId: string, expertId: string, rows: readonly BulkRow[], now: Date): Promise<FreeSlot[]> {
  if (rows.length === 0) return [];
  const days = [...new Set(rows.map((r) => localDateAt(r.startsAt, SERVICE_TIME_ZONE)))].sort();
  const from = startOfLocalDay(days[0]!, SERVICE_TIME_ZONE);
  const to = endOfLocalDay(days.at(-1)!, SERVICE_TIME_ZONE);
  const open = await repo.listRows(
    tx,
    { organisationId, expertId, status: 'open', from, to, endsAfter: now },
    { now, limit: 5000, offset: 0 },
  );
  const breaks = await repo.breaksOf(tx, [expertId], from, to);
  return open
    .filter((r) => r.heldUntil === null && r.appointment.startsAt > now)
    .filter((r) => !breaks.some((b) => b.startsAt < r.appointment.endsAt && r.appointment.startsAt < b.endsAt))
    .map((r) => ({ id: r.appointment.id, version: r.appointment.version, startsAt: r.appointment.startsAt, endsAt: r.appointment.endsAt }));
}

async function plan(tx: Tx | Db, organisationId: string, req: BulkPreviewRequest, now: Date): Promise<Plan> {
  const experts = new Map((await repo.organisationExperts(tx, organisationId)).map((e) => [e.id, e]));
  const { action } = req;
  if (action.kind === 'move' && !experts.has(action.toExpertId)) throwIfFieldIssues([{ field: 'action.toExpertId', key: 'expert' }]);
  const listed = await selectedRows(tx, organisationId, req.selection, action, now);
  const rows = listed.map(bulkRowOf);
  const slots = action.kind === 'move' ? await freeSlots(tx, organisationId, action.toExpertId, rows, now) : [];
  const items = planBulk(rows, action, slots, now);
  return { items, listed, experts, fingerprint: fingerprintOf(action, items) };
}

function itemOf(p: Plan, i: PlannedItem, listed: repo.ListedRow, toExpertId: string | undefined): BulkItem {
  const a = listed.appointment;
  return {
    id: a.id,
    status: a.status,
    kind: kindOf(a.type),
    video: isVideo(a.type),
    startTime: a.startsAt.getTime(),
    endTime: a.endsAt.getTime(),
    expertName: [listed.expertFirstName, listed.expertLastName].filter(Boolean).join(' '),
    patientName: listed.patientName,
    participantCount: Number(listed.participantCount),
    outcome: i.outcome,
    reason: i.reason,
    target:
      i.slot && toExpertId
        ? {
            timeslotId: i.slot.id,
            expertName: repo.expertDisplayName(p.experts.get(toExpertId)!),
            startTime: i.slot.startsAt.getTime(),
            endTime: i.slot.endsAt.getTime(),
          }
        : null,
  };
}

/** How many people the changes would e-mail: the distinct addresses of the cancelled and moved appointments' people. */
async function recipientCount(tx: Tx | Db, items: readonly PlannedItem[], toExpert: repo.ExpertRecord | undefined): Promise<number> {
  const addresses = new Set<string>();
  for (const i of items) {
    if (i.outcome !== 'cancel' && i.outcome !== 'move') continue;
    const notice = await loadAppointmentNotice(tx as Tx, i.row.id);
    for (const r of notice?.recipients ?? []) if (r.email) addresses.add(r.email.trim().toLowerCase());
    if (i.outcome === 'move' && toExpert) addresses.add(toExpert.email.trim().toLowerCase());
  }
  return addresses.size;
}

/** The preview: every selected row with what will happen to it and why not; names are patient data (audited). */
export async function previewBulk(
  deps: BookingDeps,
  actor: AdminActor,
  req: BulkPreviewRequest,
  reads: PatientReads,
  now = new Date(),
): Promise<BulkPreview> {
  const p = await plan(deps.db, organisationOf(actor), req, now);
  reads.show(rowReads(p.listed));
  const toExpertId = req.action.kind === 'move' ? req.action.toExpertId : undefined;
  const byId = new Map(p.listed.map((l) => [l.appointment.id, l]));
  return {
    fingerprint: p.fingerprint,
    items: p.items.map((i) => itemOf(p, i, byId.get(i.row.id)!, toExpertId)),
    counts: countsOf(p.items),
    recipients: await recipientCount(deps.db, p.items, toExpertId ? p.experts.get(toExpertId) : undefined),
  };
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'appointment',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

/**
 * Moves one reserved booking into the target expert's open time by the rules every move follows
 * (booking-move.service.ts moveAppointment), but unlike one booking's swap its old time does not reopen: the expert
 * it leaves is away. The participants stay.
 */
async function moveInto(
  tx: Tx,
  deps: BookingDeps,
  organisationId: string,
  experts: readonly repo.ExpertRecord[],
  i: PlannedItem,
  now: Date,
): Promise<void> {
  const current = (await repo.lockAppointment(tx, organisationId, i.row.id))!;
  const was = (await snapshotOf(tx, current.id))!;
  await moveAppointment(tx, organisationId, current, { timeslotId: i.slot!.id }, now, { reopenOld: false, experts });
  await emitChanges(tx, deps.emit, was, now);
}

/**
 * Carries out the plan the preview showed, in one transaction: the experts' calendars and the rows are locked, the
 * plan is made again and compared with the preview's fingerprint (1332 if it differs), then every row is deleted,
 * cancelled or moved, each audited with the bulk action named, and each person gets one e-mail.
 */
export async function applyBulk(deps: BookingDeps, actor: AdminActor, req: BulkApplyRequest, now = new Date()): Promise<BulkResult> {
  const organisationId = organisationOf(actor);
  const { action } = req;
  try {
    return await deps.db.transaction(async (tx) => {
      const first = await plan(tx, organisationId, req, now);
      const toExpertId = action.kind === 'move' ? action.toExpertId : undefined;
      await lockExpertCalendars(tx, [...first.items.map((i) => i.row.expertId ?? ''), ...(toExpertId ? [toExpertId] : [])].filter(Boolean));
      for (const id of first.items.map((i) => i.row.id).sort()) await repo.lockAppointment(tx, organisationId, id);
      // Locked: now the plan cannot change under us; it must be the one the preview showed.
      const p = await plan(tx, organisationId, req, now);
      if (p.fingerprint !== req.fingerprint) throw new AppError(1332, { detail: 'the bulk selection changed since its preview' });
      const details = { bulk: action.kind, items: p.items.length };
      const message = action.kind === 'deleteOpenTimes' ? '' : (action.message ?? '');
      const changes: BulkChange[] = [];
      const experts = [...p.experts.values()];
      for (const i of p.items) {
        if (i.outcome === 'delete') {
          await repo.deleteAppointment(tx, i.row.id);
          await audit(tx, actor, 'appointment.delete', i.row.id, details);
        } else if (i.outcome === 'cancel') {
          await repo.updateAppointment(tx, i.row.id, {
            status: 'cancelled',
            cancelledAt: now,
            cancelledBy: 'admin',
            cancelReason: message || null,
          });
          await audit(tx, actor, 'appointment.cancel', i.row.id, { ...details, ...(i.reason ? { reason: i.reason } : {}) });
          await emitStateChange(tx, deps.emit, 'booking.cancelled', { id: i.row.id, organisationId }, now);
          changes.push({ appointmentId: i.row.id, kind: 'cancel' });
        } else if (i.outcome === 'move') {
          const before = (await loadAppointmentNotice(tx, i.row.id))!;
          await moveInto(tx, deps, organisationId, experts, i, now);
          await audit(tx, actor, 'appointment.move', i.row.id, {
            ...details,
            fromExpertId: i.row.expertId,
            toExpertId,
            timeslotId: i.slot!.id,
          });
          changes.push({ appointmentId: i.row.id, kind: 'move', before });
        }
      }
      const emails = await notifyBulk(tx, organisationId, changes, { message, publicUrl: deps.publicUrl, sender: deps.sender, now });
      return { counts: countsOf(p.items), emails };
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422);
    throw err;
  }
}
