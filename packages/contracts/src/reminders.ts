import { z } from 'zod/mini';

/** One reminder channel as the patient sees it (`GET /api/patient/reminders`). */
export const ZReminderChannel = z.object({
  /** The patient wants this reminder (their own choice; on until they turn it off). */
  on: z.boolean(),
  /** The organisation sends it (for SMS also: the service can send SMS at all). */
  offered: z.boolean(),
  /** Where it would go: the patient's e-mail address or mobile number on file, '' when there is none. */
  to: z.string(),
  /** How long before the start it goes, in minutes. */
  leadMinutes: z.number(),
});
export type ReminderChannel = z.infer<typeof ZReminderChannel>;

/**
 * The patient's appointment reminders (issue 29): which will come, how long before, where to, and the patient's own
 * choice for each. A reminder comes when it is `on`, `offered` and has an address (`to`).
 */
export const ZReminders = z.object({ email: ZReminderChannel, sms: ZReminderChannel });
export type Reminders = z.infer<typeof ZReminders>;

/** `POST /api/patient/reminders`: the patient turns e-mail and SMS reminders on or off. */
export const ZRemindersSave = z.object({ email: z.boolean(), sms: z.boolean() });
export type RemindersSave = z.infer<typeof ZRemindersSave>;

/** Whether a reminder of this channel will come to the patient. */
export function reminderComes(channel: ReminderChannel): boolean {
  return channel.on && channel.offered && channel.to !== '';
}
