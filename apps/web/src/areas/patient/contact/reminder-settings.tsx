import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ReminderChannel, RemindersSave } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { useReminders, useSaveReminders } from '../api/reminders-api';
import { reminderLead, remindersSentence } from '../appointments/reminders-note';

type Channel = keyof RemindersSave;

/**
 * The patient's appointment reminders on the contact page (issue 29): what will come, and a switch for each channel
 * that saves at once. A channel the organisation does not send cannot be switched; one without an address says so.
 */
export function ReminderSettings() {
  const { t } = useTranslation();
  const id = useId();
  const reminders = useReminders();
  const save = useSaveReminders();
  const r = reminders.data;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Reached from a booking's 'change reminders' link (`#reminders`): below the contact form, so bring it into view.
  const shown = r !== undefined;
  useEffect(() => {
    if (shown && hash === '#reminders') section.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!r) return null;
  const choose = (channel: Channel, on: boolean) => save.mutate({ email: r.email.on, sms: r.sms.on, [channel]: on });
  const hint = (channel: Channel, c: ReminderChannel) =>
    !c.offered
      ? t('reminders.settings.notOffered')
      : c.to
        ? t(`reminders.settings.${channel}To`, { to: c.to })
        : t(`reminders.settings.${channel}Missing`);

  return (
    <section ref={section} id="reminders" className="reminder-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('reminders.settings.title')}</h2>
      <p>{remindersSentence(t, r)}</p>
      <fieldset>
        <legend className="visually-hidden">{t('reminders.settings.title')}</legend>
        {(['email', 'sms'] as const).map((channel) => {
          const c = r[channel];
          return (
            <div key={channel} className="field">
              <label className="check">
                <input
                  type="checkbox"
                  checked={c.on}
                  disabled={!c.offered || save.isPending}
                  aria-describedby={`${id}-${channel}-hint`}
                  onChange={(e) => choose(channel, e.target.checked)}
                />
                <span>{t(`reminders.settings.${channel}`, { lead: reminderLead(t, c.leadMinutes) })}</span>
              </label>
              <p id={`${id}-${channel}-hint`} className="hint">
                {hint(channel, c)}
              </p>
            </div>
          );
        })}
      </fieldset>
      <p role="status" className={save.isError ? 'field-error' : 'hint'}>
        {save.isError ? t('reminders.settings.failed') : save.isSuccess ? t('reminders.settings.saved') : ''}
      </p>
    </section>
  );
}
