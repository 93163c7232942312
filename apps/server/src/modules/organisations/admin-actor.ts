import type { FastifyRequest } from 'fastify';
import type { Language } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import { requestLanguage } from '../../platform/request-language';
import type { StaffContext } from '../../platform/access/staff-access';

/** Who acts, from where, in which language field errors are answered: what the admin services need of a request. */
export type AdminActor = { staff: StaffContext; ip: string; lang: Language };

/** Set by the guard plugins/admin-route-rights.ts puts in front of every listed admin route; missing means refused. */
export function staffOf(req: FastifyRequest): StaffContext {
  if (!req.staff) throw new AppError(101);
  return req.staff;
}

export function actorOf(req: FastifyRequest): AdminActor {
  return { staff: staffOf(req), ip: req.ip, lang: requestLanguage(req) };
}
