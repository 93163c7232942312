import type { FastifyRequest } from 'fastify';
import type { StaffContext } from './staff-access';
import { staffOf } from '../../plugins/access';

/** Who acts and from where: what the admin services need of a request. */
export type AdminActor = { staff: StaffContext; ip: string };

export function actorOf(req: FastifyRequest): AdminActor {
  return { staff: staffOf(req), ip: req.ip };
}

/** The organisation an organisation-scoped admin route works in: its `admin` declaration admits only admins working in one. */
export function organisationOf(actor: AdminActor): string {
  return actor.staff.organisationId!;
}
