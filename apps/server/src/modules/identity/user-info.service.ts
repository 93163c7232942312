import { okEnvelope, ZUserInfo } from '@prsp/contracts';
import { encode } from 'zod/mini';
import type { Db } from '../../db/client';
import { patientScope } from '../../platform/access/patient-access';
import { AppError } from '../../platform/app-error';
import type { ReadModelCache } from '../../platform/cache/read-model-cache';
import { ok } from '../../platform/ok';
import type { Session } from '../../platform/session/sessions.service';
import { findPatient } from '../patients/patients.service';

export type UserInfoDeps = { db: Db; readModels: ReadModelCache };

const ZUserInfoAnswer = okEnvelope(ZUserInfo);

/**
 * `GET /api/user/info` as the whole answer, serialized through the contract: the signed-in patient's names, asked
 * for on every page. Held in the read-model cache under the patient's scope, which every change to their row
 * notifies (migration 0013: a sign-in's new names, retention's deletion, an operator's fix), and per session besides:
 * a sign-in refreshes the names in a GET (the callback), which drops no entry before its answer leaves and whose
 * notification may come after the browser's next request; a new session never meets an older copy.
 */
export async function userInfoAnswer(deps: UserInfoDeps, session: Session & { patientId: string }): Promise<string> {
  const { patientId } = session;
  const json = await deps.readModels.get('user-info', patientScope(patientId), session.id, async () => {
    const patient = await findPatient(deps.db, patientId);
    if (!patient) return undefined;
    return JSON.stringify(encode(ZUserInfoAnswer, ok({ id: patient.id, firstName: patient.givenName, lastName: patient.familyName })));
  });
  if (json === undefined) throw new AppError(101, { detail: 'session patient is gone' });
  return json;
}
