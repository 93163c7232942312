import type { SurveyForwarded } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { MailOrigin } from '../../platform/mail/sender';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { StaffContext } from '../../platform/access/staff-access';
import * as repo from './survey-expert.repo';
import { notifyForwardedExpert } from './survey-notifications';

/**
 * Forwards a response the caller may forward (locked by them) to another expert of its organisation with an active
 * account (else a field error on `expertUuid`: an expert of another organisation is no different from none), and
 * tells that expert by e-mail, in the caller's transaction. Forwarding again moves it to the new expert.
 */
export async function forwardResponse(
  tx: Tx,
  origin: MailOrigin,
  response: repo.ResponseRow,
  expertId: string,
  now = new Date(),
): Promise<SurveyForwarded> {
  const target = await repo.expertOfOrganisation(tx, response.organisationId, expertId);
  if (!target?.active) throw new AppError(400, { fields: [{ field: 'expertUuid', key: 'invalid' }] });
  await repo.updateResponse(tx, response.id, { forwardedToExpertId: target.id, forwardedAt: now });
  await notifyForwardedExpert(tx, origin, response.organisationId, response.id, target);
  return { forwardedTo: { id: target.id, name: `${target.firstName} ${target.lastName}` }, forwardedAt: now.toISOString() };
}

/** `POST survey-admin/forward`: the same rules for an admin, within the organisation they work in (another's: 404). */
export async function forwardAsAdmin(
  db: Db,
  origin: MailOrigin,
  staff: StaffContext,
  ip: string,
  responseId: string,
  expertId: string,
): Promise<SurveyForwarded> {
  if (!staff.organisationId) throw new AppError(403, { detail: 'no organisation chosen' });
  const organisationId = staff.organisationId;
  return db.transaction(async (tx) => {
    const response = await repo.responseInOrganisation(tx, responseId, organisationId, true);
    if (!response) throw new AppError(404);
    const forwarded = await forwardResponse(tx, origin, response, expertId);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: staff.userId,
      action: 'survey.forward',
      objectType: 'surveyResponse',
      objectId: response.id,
      ip,
      details: { toExpertId: expertId },
    });
    return forwarded;
  });
}
