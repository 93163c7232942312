import type { ServicesResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { OrganisationRow } from '../../platform/access/patient-access';
import { upcomingAppointments } from '../booking/patient-appointments.service';
import * as repo from './services.repo';
import { toOpenService, type ServiceRow } from './service-view';

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

/**
 * `GET /api/services` (spec §3 'Services response'): the effective patient's appointments that have not ended
 * (only when the organisation has bookings on), and the organisation's services split into open ones and
 * those that need a chat code (only when it has remote reception on).
 */
export async function servicesFor(db: Db, patientId: string, org: OrganisationRow, now = new Date()): Promise<ServicesResponse> {
  const [all, upcoming] = await Promise.all([
    repo.listServices(db, org.id),
    org.flags.bookingsEnabled ? upcomingAppointments(db, patientId, org.id, now) : [],
  ]);
  // Services are offered only where remote reception is on; appointments wherever bookings are.
  const rows = org.flags.remoteReceptionEnabled ? inDisplayOrder(all) : [];
  return {
    appointments: upcoming,
    openServices: rows.filter((s) => !s.requiresCode).map((s) => toOpenService(s, org)),
    chatCodeServices: rows.filter((s) => s.requiresCode).map((s) => toOpenService(s, org)),
  };
}
