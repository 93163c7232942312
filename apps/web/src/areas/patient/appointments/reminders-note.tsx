import { Link } from 'react-router';
import { reminderComes, type Reminders } from '@prsp/contracts';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useReminders } from '../api/reminders-api';

/** 'vuorokautta ennen', 'tuntia ennen': how long before the start, in the largest whole unit. */
export function reminderLead(t: TFunction, minutes: number): string {
  if (minutes % 1440 === 0) return t('reminders.lead.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('reminders.lead.hours', { count: minutes / 60 });
  return t('reminders.lead.minutes', { count: minutes });
}

/** The sentence saying which reminders will come: only the channels the organisation sends and the patient has. */
export function remindersSentence(t: TFunction, r: Reminders): string {
  const email = reminderComes(r.email);
  const sms = reminderComes(r.sms);
  if (email && sms) {
    return t('reminders.note.both', { emailLead: reminderLead(t, r.email.leadMinutes), smsLead: reminderLead(t, r.sms.leadMinutes) });
  }
  if (email) return t('reminders.note.email', { lead: reminderLead(t, r.email.leadMinutes) });
  if (sms) return t('reminders.note.sms', { lead: reminderLead(t, r.sms.leadMinutes) });
  return t('reminders.note.none');
}

/**
 * Tells the patient which reminders of a booked time will come (issue 29: the booking's success page and the
 * appointment), with a way to the contact page where they are turned on or off. Nothing while unknown.
 */
export function RemindersNote({ settingsLink = false }: { settingsLink?: boolean }) {
  const { t } = useTranslation();
  const reminders = useReminders();
  if (!reminders.data) return null;
  return (
    <p className="reminders-note">
      {remindersSentence(t, reminders.data)}
      {settingsLink && (
        <>
          {' '}
          <Link to="/profile/contact#reminders">{t('reminders.change')}</Link>
        </>
      )}
    </p>
  );
}
