import type { Reminders, RemindersSave } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { PatientContext } from '../../platform/access/patient-access';
import { toInternationalNumber } from '../../platform/sms/phone-number';
import { getContact } from '../patients/contact.service';
import { reminderChoicesOf, saveReminderChoices } from '../patients/reminder-choices.service';
import { REMINDER_LEAD_MS } from './booking-reminders';
import { findSettings } from './booking.repo';

const minutes = (ms: number) => ms / 60_000;

/**
 * Which appointment reminders the patient will get (issue 29): for each channel the patient's own choice, whether
 * the selected organisation sends it (no organisation yet: the defaults, both on; SMS also needs a gateway), where it
 * would go (the contact details the reminders use: the delegate's own while acting) and how long before the start.
 */
export async function remindersOf(tx: Tx, ctx: PatientContext, smsEnabled: boolean): Promise<Reminders> {
  const choices = await reminderChoicesOf(tx, ctx.patientId);
  const contact = await getContact(tx, ctx);
  const settings = ctx.organisation ? await findSettings(tx, ctx.organisation.id) : undefined;
  return {
    email: {
      on: choices.email,
      offered: settings?.reminderEmail ?? true,
      to: contact.email,
      leadMinutes: minutes(REMINDER_LEAD_MS.email),
    },
    sms: {
      on: choices.sms,
      offered: (settings?.reminderSms ?? true) && smsEnabled,
      // A number an SMS cannot go to is no address for a reminder.
      to: toInternationalNumber(contact.mobile) ? contact.mobile : '',
      leadMinutes: minutes(REMINDER_LEAD_MS.sms),
    },
  };
}

/** The patient turns e-mail and SMS reminders on or off; answers what will come now. */
export async function saveReminders(
  db: Db,
  ctx: PatientContext,
  choices: RemindersSave,
  opts: { ip: string; smsEnabled: boolean },
): Promise<Reminders> {
  return db.transaction(async (tx) => {
    await saveReminderChoices(tx, ctx, choices, opts.ip);
    return remindersOf(tx, ctx, opts.smsEnabled);
  });
}
