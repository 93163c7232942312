import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { canStart, endsAt } from '../appointments/appointment-rules';
import { MeetingKindLabel } from '../appointments/meeting-kind';
import { StartNote } from '../appointments/start-control';
import { ChatNotAvailableDialog } from '../chat/chat-not-available-dialog';
import { fetchAccessKey, useGuestAppointment } from './guest-api';

/** The chat page of the guest's group: the appointment names the page, the access key is its channel. */
export const guestChatPath = (uuid: string, channelId: string) =>
  `/chat/${encodeURIComponent(uuid)}?${new URLSearchParams({ channel: channelId }).toString()}`;

/**
 * The signed-in guest's one appointment: its name, time in the user's time zone and duration, and the start of
 * spec §4 (a group appointment opens 5 minutes before its start, rechecked every 5 seconds). Start asks for the
 * access key, the group's chat channel, and opens that chat; a refusal shows the chat-not-available modal.
 */
export function GuestAppointment({ uuid, name }: { uuid: string; name: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const now = useNow();
  const appointment = useGuestAppointment(uuid, true);
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);

  if (appointment.isPending) return <Loading />;
  if (appointment.isError) return <QueryState error onRetry={() => void appointment.refetch()} />;
  const a = appointment.data;
  const ended = endsAt(a) <= now;

  const start = async () => {
    setStarting(true);
    try {
      const { access_key } = await fetchAccessKey(uuid);
      await navigate(guestChatPath(uuid, access_key));
    } catch {
      setFailed(true);
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="card guest-card" aria-labelledby="guest-appointment-title">
      <h1 id="guest-appointment-title" className="page-title">
        {t('guest.appointment.title')}
      </h1>
      <p className="hint">{t('guest.appointment.signedInAs', { name })}</p>
      <h2>{a.name}</h2>
      <dl className="facts">
        <dt>{t('appointment.time')}</dt>
        <dd>{formatDateTime(a.startTime, lang, { style: 'weekday' })}</dd>
        <dt>{t('appointment.duration')}</dt>
        <dd>{t('appointment.minutes', { count: a.duration })}</dd>
        <dt>{t('appointment.kind')}</dt>
        <dd>
          <MeetingKindLabel kind={a.kind} />
        </dd>
      </dl>
      {ended ? <p className="hint">{t('guest.appointment.gone')}</p> : <StartNote appointment={a} now={now} />}
      <div className="actions">
        <button type="button" className="button" disabled={!canStart(a, now) || starting} onClick={() => void start()}>
          {t('appointment.start')}
        </button>
      </div>
      <ChatNotAvailableDialog open={failed} text={t('guest.appointment.accessKeyFailed')} canLogOut onReturn={() => setFailed(false)} />
    </section>
  );
}
