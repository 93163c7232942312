import { localDateTimeAt, QUEUE_ON_DUTY_STALE_SECONDS, SERVICE_TIME_ZONE, ZServicesResponse, type ServicesResponse } from '@prsp/contracts';
import { encode, z } from 'zod/mini';
import type { Db } from '../../db/client';
import { patientScope, type OrganisationRow } from '../../platform/access/patient-access';
import type { ReadModelCache } from '../../platform/cache/read-model-cache';
import { upcomingAppointments } from '../booking/patient-appointments.service';
import { queueAvailability } from '../chat/queue-availability.service';
import * as repo from './services.repo';
import { toOpenService, type ServiceRow } from '../organisations/organisations.service';

const collator = new Intl.Collator('fi');

/** The admin's order (position), then the older first, then by Finnish name: the same order on every call. */
function inDisplayOrder(rows: ServiceRow[]): ServiceRow[] {
  return [...rows].sort(
    (a, b) =>
      a.position - b.position ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      collator.compare(a.name.fi, b.name.fi) ||
      a.id.localeCompare(b.id),
  );
}

type ServiceLists = Omit<ServicesResponse, 'appointments'>;

/** The organisation's part of the answer: the same for all its patients. */
async function serviceListsOf(db: Db, org: OrganisationRow): Promise<ServiceLists> {
  // Services are offered only where remote reception is on; appointments wherever bookings are.
  const rows = org.flags.remoteReceptionEnabled ? inDisplayOrder(await repo.listServices(db, org.id)) : [];
  return {
    openServices: rows.filter((s) => !s.requiresCode).map((s) => toOpenService(s, org)),
    chatCodeServices: rows.filter((s) => s.requiresCode).map((s) => toOpenService(s, org)),
  };
}

/**
 * The effective patient's appointments in `org` that have not ended (only when it has bookings on). Held in the cache
 * under the patient's scope, which every write to their appointments, participations and survey answers notifies
 * (migration 0013); each is held with its end, so one that ends while held drops out at once.
 */
async function appointmentsOf(db: Db, cache: ReadModelCache, patientId: string, org: OrganisationRow, now: Date) {
  if (!org.flags.bookingsEnabled) return [];
  const held = await cache.get('appointments', patientScope(patientId), org.id, () => upcomingAppointments(db, patientId, org.id, now));
  return held.filter((a) => a.endsAt > now.getTime()).map((a) => a.appointment);
}

const ZServiceLists = z.object({
  openServices: ZServicesResponse.shape.openServices,
  chatCodeServices: ZServicesResponse.shape.chatCodeServices,
});
const ZAppointments = ZServicesResponse.shape.appointments;

/**
 * `GET /api/services` (spec §3 'Services response') as the whole answer, serialized through the contract: the
 * effective patient's appointments that have not ended (only when the organisation has bookings on), the
 * organisation's services split into open ones and those that need a chat code (only when it has remote reception
 * on), and their queues' availability today (hours, and whether anyone serves them). All come from the read-model
 * cache: the service lists and the availability keyed by the organisation (its services, flags, queues and experts,
 * and its experts' staff accounts being active, notify it: migrations 0012 and 0026), the availability per local date
 * and per QUEUE_ON_DUTY_STALE_SECONDS besides (who is on duty, issue 32), the effective patient's appointments by the patient.
 */
export async function servicesAnswer(
  db: Db,
  cache: ReadModelCache,
  patientId: string,
  org: OrganisationRow,
  now = new Date(),
): Promise<string> {
  const [lists, upcoming] = await Promise.all([
    cache.get('services', org.id, '', () => heldLists(db, org)),
    appointmentsOf(db, cache, patientId, org, now),
  ]);
  // The hours shown are today's: each local date has its own entry. Who is on duty (issue 32) changes without telling
  // the cache (presence rows notify nothing): each QUEUE_ON_DUTY_STALE_SECONDS has its own entry too, so the count is
  // at most that old, and a hit still reads nothing.
  const slice = Math.floor(now.getTime() / (QUEUE_ON_DUTY_STALE_SECONDS * 1000));
  const availability = await cache.get('availability', org.id, `${localDateTimeAt(now, SERVICE_TIME_ZONE).date}|${slice}`, async () =>
    JSON.stringify(await queueAvailability(db, org.id, lists.queueIds, now)),
  );
  return `{"status":"ok","statusCode":200,"data":{"appointments":${JSON.stringify(encode(ZAppointments, upcoming))},"availability":${availability},${lists.members}}}`;
}

/**
 * The organisation's service lists as held in the cache: serialized once, with the chat queues they name, so a
 * request neither serializes nor parses them again. `members` is the lists' JSON without its braces, for the
 * appointments and the availability to go in front of.
 */
async function heldLists(db: Db, org: OrganisationRow): Promise<{ members: string; queueIds: string[] }> {
  const lists = encode(ZServiceLists, await serviceListsOf(db, org));
  const queueIds = [...new Set([...lists.openServices, ...lists.chatCodeServices].map((s) => s.chatQueueId))];
  return { members: JSON.stringify(lists).slice(1, -1), queueIds };
}
