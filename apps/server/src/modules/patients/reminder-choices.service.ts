import type { RemindersSave } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { patientActor, type PatientContext } from '../../platform/access/patient-access';
import { findReminderChoices, updateReminderChoices } from './reminder-choices.repo';

/** The patient's own choice of appointment reminders (issue 29): e-mail and SMS, both on until turned off. */
export async function reminderChoicesOf(tx: Tx, patientId: string): Promise<RemindersSave> {
  const row = await findReminderChoices(tx, patientId);
  if (!row) throw new AppError(101, { detail: 'session patient is gone' });
  return row;
}

/**
 * Saves the effective patient's reminder choices (the principal's while acting: the reminders of the principal's
 * appointments) in the caller's transaction, audited with both persons when acting, with the channels it changed.
 */
export async function saveReminderChoices(tx: Tx, ctx: PatientContext, choices: RemindersSave, ip: string): Promise<void> {
  const before = await reminderChoicesOf(tx, ctx.patientId);
  await updateReminderChoices(tx, ctx.patientId, choices);
  await recordAudit(tx, {
    ...patientActor(ctx, ip),
    action: 'patient.reminders.save',
    objectType: 'patient',
    objectId: ctx.patientId,
    details: { changed: (['email', 'sms'] as const).filter((c) => before[c] !== choices[c]) },
  });
}
