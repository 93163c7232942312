import './expert-booking.css';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  CHAT_LIMITS,
  formatLocalDate,
  localDateAt,
  maskIdentityCode,
  SERVICE_TIME_ZONE,
  type AppointmentDetail,
  type Participant,
} from '@prsp/contracts';
import { ContactHistoryPanel } from '../chat/contact-history-panel';
import { useOpenAppointmentChat } from '../chat/expert-chat-api';
import { FormAlert } from '@/components/ui/form-fields';
import { useNow } from '@/lib/use-now';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { BookingStatusBadge } from './booking-status';
import { UrgencyMark } from './urgency-mark';
import { backTarget, shownStatus } from './booking-helpers';
import { expertBookingKeys, useExpertAppointment, useMarkNoShow } from './expert-booking-api';
import { GuestPin } from '@/features/staff/guest-pin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { PrintButton } from '@/components/ui/print-button';

/** A patient's identity code, hidden but for the date of birth until the expert asks to see it. */
function IdentityCode({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="identity-code">
      <code>{shown ? code : maskIdentityCode(code)}</code>
      <button
        type="button"
        className="button small secondary"
        aria-pressed={shown}
        aria-label={t(shown ? 'expert.booking.details.hideCodeNamed' : 'expert.booking.details.showCodeNamed', { name })}
        onClick={() => setShown((s) => !s)}
      >
        {t(shown ? 'expert.booking.details.hideCode' : 'expert.booking.details.showCode')}
      </button>
    </span>
  );
}

function ParticipantItem({ participant, appointment }: { participant: Participant; appointment: AppointmentDetail }) {
  const { t } = useTranslation();
  return (
    <li>
      <dl className="details-list">
        <dt>{t('expert.booking.details.role')}</dt>
        <dd>{t(`expert.booking.details.roles.${participant.role}`)}</dd>
        <dt>{t('expert.booking.details.name')}</dt>
        <dd>{participant.name}</dd>
        <dt>{t('expert.booking.details.email')}</dt>
        <dd>{participant.email ?? '–'}</dd>
        <dt>{t('expert.booking.details.language')}</dt>
        <dd>{t(`expert.booking.details.languages.${participant.language}`)}</dd>
        {participant.ssn && (
          <>
            <dt>{t('expert.booking.details.identityCode')}</dt>
            <dd>
              <IdentityCode code={participant.ssn} name={participant.name} />
            </dd>
          </>
        )}
      </dl>
      <GuestPin
        appointment={appointment}
        guest={participant}
        path={`/api/expert/appointments/${encodeURIComponent(appointment.id)}/guests/${encodeURIComponent(participant.id)}/new-pin`}
        refresh={expertBookingKeys.all}
      />
    </li>
  );
}

/**
 * A group appointment's chat, opened by its expert from 5 minutes before the start until the end (the window the
 * server keeps; rechecked every 5 seconds); it opens on the desktop with the expert's other chats.
 */
function GroupChatStart({ appointment }: { appointment: AppointmentDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const open = useOpenAppointmentChat();
  const live = appointment.status === 'booked' || appointment.status === 'selfBooked';
  if (appointment.kind !== 'group' || !live || now >= appointment.endTime) return null;
  const opensAt = appointment.startTime - CHAT_LIMITS.groupOpensBeforeMs;
  return (
    <section className="card no-print" aria-labelledby="appointment-chat">
      <h2 id="appointment-chat">{t('expert.booking.details.groupChat')}</h2>
      <FormAlert message={open.isError ? t('staff.loadError') : undefined} />
      {now < opensAt && <p className="hint">{t('expert.booking.details.groupChatOpens')}</p>}
      <button
        type="button"
        className="button"
        disabled={now < opensAt || open.isPending}
        onClick={() => open.mutate(appointment.id, { onSuccess: () => void navigate('/expert/desktop') })}
      >
        {t('expert.booking.details.openGroupChat')}
      </button>
    </section>
  );
}

/**
 * A reserved appointment whose visit is neither held nor marked: once its start has passed the expert can mark that the
 * patient did not come (after a question); before that a line says when.
 */
function VisitMark({ appointment, when }: { appointment: AppointmentDetail; when: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const mark = useMarkNoShow();
  const [asking, setAsking] = useState(false);
  const reserved = appointment.status === 'booked' || appointment.status === 'selfBooked';
  if (!reserved || appointment.visit !== null) return null;
  const started = appointment.startTime <= now;
  return (
    <section className="card no-print" aria-labelledby="appointment-visit">
      <h2 id="appointment-visit">{t('expert.booking.details.visit')}</h2>
      {started ? (
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          {t('expert.booking.details.noShow')}
        </button>
      ) : (
        <p className="hint">{t('expert.booking.details.noShowLater')}</p>
      )}
      <ConfirmDialog
        open={asking}
        title={t('expert.booking.details.noShowTitle')}
        text={<p>{t('expert.booking.details.noShowText', { time: when })}</p>}
        confirmLabel={t('expert.booking.details.noShow')}
        cancelLabel={t('expert.booking.details.noShowKeep')}
        busy={mark.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          mark.mutate(appointment.id, {
            onSuccess: () => showToast(t('expert.booking.details.noShowDone')),
            onError: () => showToast(t('staff.actionError'), 'error'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </section>
  );
}

/** When the appointment is: 'maanantai 30.11.2026 10.00–10.30'. */
function whenOf(appointment: AppointmentDetail, lang: ReturnType<typeof currentLanguage>): string {
  return `${formatLocalDate(localDateAt(appointment.startTime), lang, 'heading')} ${formatTime(appointment.startTime, lang, SERVICE_TIME_ZONE)}–${formatTime(appointment.endTime, lang, SERVICE_TIME_ZONE)}`;
}

/** The heading on paper (issue 33): what and when, and with whom (the group's name, the patients, else the expert). */
function PrintTitle({ appointment }: { appointment: AppointmentDetail }) {
  const { t } = useTranslation();
  const who =
    appointment.kind === 'group'
      ? appointment.name
      : appointment.participants
          .filter((p) => p.role === 'patient')
          .map((p) => p.name)
          .join(', ');
  return (
    <span className="print-only">
      {t('expert.booking.details.printTitle', { when: whenOf(appointment, currentLanguage()), name: who || appointment.expert.name })}
    </span>
  );
}

function Details({ appointment }: { appointment: AppointmentDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // Each patient's earlier chats with the organisation, reached from the appointment (and so from the history).
  const patients = appointment.participants.filter((p) => p.role === 'patient' && p.patientId);
  const when = whenOf(appointment, lang);
  return (
    <>
      <section className="card" aria-labelledby="appointment-basics">
        <h2 id="appointment-basics">{t('expert.booking.details.basics')}</h2>
        <dl className="details-list">
          <dt>{t('expert.booking.details.time')}</dt>
          <dd>
            {when} ({t('expert.booking.minutes', { count: appointment.duration })})
          </dd>
          <dt>{t('expert.booking.columns.status')}</dt>
          <dd>
            <BookingStatusBadge status={shownStatus(appointment.status, appointment.visit)} />
            <UrgencyMark urgency={appointment.urgency} />
            {appointment.cancelledAt !== null && (
              <span className="hint block">
                {t('expert.booking.details.cancelledAt', {
                  time: formatDateTime(appointment.cancelledAt, lang, { timeZone: SERVICE_TIME_ZONE }),
                })}
              </span>
            )}
          </dd>
          <dt>{t('expert.booking.details.kind')}</dt>
          <dd>{t(`expert.booking.details.kinds.${appointment.kind}`)}</dd>
          {appointment.kind === 'group' && (
            <>
              <dt>{t('expert.booking.details.groupName')}</dt>
              <dd>{appointment.name}</dd>
            </>
          )}
          {appointment.service && (
            <>
              <dt>{t('expert.booking.columns.service')}</dt>
              <dd>{appointment.service.name[lang] || appointment.service.name.fi}</dd>
            </>
          )}
          <dt>{t('expert.booking.details.expert')}</dt>
          <dd>{appointment.expert.name}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="appointment-participants">
        <h2 id="appointment-participants">{t('expert.booking.details.participants')}</h2>
        {appointment.participants.length === 0 ? (
          <p>{t('expert.booking.details.noParticipants')}</p>
        ) : (
          <ul className="participants">
            {appointment.participants.map((p) => (
              <ParticipantItem key={p.id} participant={p} appointment={appointment} />
            ))}
          </ul>
        )}
      </section>
      <GroupChatStart appointment={appointment} />
      <VisitMark appointment={appointment} when={when} />
      {patients.length > 0 && (
        <section className="card no-print" aria-labelledby="appointment-contact-history">
          <h2 id="appointment-contact-history">{t('expert.booking.details.contactHistory')}</h2>
          {patients.map((p) => (
            <div key={p.id}>
              <h3>{p.name}</h3>
              <ContactHistoryPanel patientId={p.patientId!} />
            </div>
          ))}
        </section>
      )}
      <section className="card" aria-labelledby="appointment-answers">
        <h2 id="appointment-answers">{t('expert.booking.details.answers')}</h2>
        {appointment.preQuestionnaire.length === 0 ? (
          <p>{t('expert.booking.details.noAnswers')}</p>
        ) : (
          <dl className="answers">
            {appointment.preQuestionnaire.map((a) => (
              <div key={a.id}>
                <dt>{a.question}</dt>
                <dd>{a.answer || t('expert.booking.details.notAnswered')}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </>
  );
}

/**
 * `/expert/appointment?id=`: one of the expert's appointments: time, status, kind, the participants (identity codes
 * hidden until asked) and the pre-questionnaire answers; Back returns to the list or day it was opened from.
 */
export function AppointmentPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.booking.details.title'));
  const [search] = useSearchParams();
  const location = useLocation();
  const id = search.get('id') ?? undefined;
  const appointment = useExpertAppointment(id);
  const back = backTarget(location.state);
  const missing = !id || (appointment.error instanceof ApiError && [400, 403, 404].includes(appointment.error.statusCode));

  return (
    <div className="section-stack expert-booking">
      <div className="page-head">
        <h1>
          <span className={appointment.data ? 'no-print' : undefined}>{t('expert.booking.details.title')}</span>
          {appointment.data && <PrintTitle appointment={appointment.data} />}
        </h1>
        <div className="actions no-print">
          {appointment.data && <PrintButton />}
          <Link to={back}>{t('expert.booking.details.back')}</Link>
        </div>
      </div>
      {missing ? (
        <section className="card">
          <p>{t(id ? 'expert.booking.details.notFound' : 'expert.booking.details.noneChosen')}</p>
          <ul>
            <li>
              <Link to="/expert/schedule">{t('expert.menu.schedule')}</Link>
            </li>
            <li>
              <Link to="/expert/allBookings">{t('expert.menu.allBookings')}</Link>
            </li>
          </ul>
        </section>
      ) : appointment.data ? (
        <Details appointment={appointment.data} />
      ) : (
        <QueryState error={appointment.error} onRetry={() => void appointment.refetch()} />
      )}
    </div>
  );
}
