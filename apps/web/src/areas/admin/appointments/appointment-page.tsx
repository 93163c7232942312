import './appointments.css';
import { Fragment } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SERVICE_TIME_ZONE, type AppointmentDetail, type StaffUserData } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { RowActionButtons, useAppointmentActions } from './appointment-actions';
import { formatTimeRange } from '@/lib/format';
import { meetingKindOfRow } from './booking-format';
import { BookingStatusBadge } from './booking-status-badge';
import { BOOKINGS_KEY, useAppointment } from './bookings-api';
import { GuestPin } from '@/features/staff/guest-pin';
import { useNationalityOptions } from './patient-fields';
import { ApiError } from '@/lib/api-client';
import { PrintButton } from '@/components/ui/print-button';

const LIST = '/admin/appointments';

/** `/admin/appointment?id=`: one appointment or open timeslot with its participants, answers and actions. */
export function AppointmentPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.bookings.detail.title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const appointment = useAppointment(id);
  const navigate = useNavigate();
  const actions = useAppointmentActions({ onDeleted: () => void navigate(LIST) });
  const missing = !id || (appointment.error instanceof ApiError && [400, 404].includes(appointment.error.statusCode));

  return (
    <div className="section-stack">
      <p className="no-print">
        <Link to={LIST}>{t('admin.bookings.detail.back')}</Link>
      </p>
      <div className="page-head">
        <h1>
          <span className={appointment.data ? 'no-print' : undefined}>{t('admin.bookings.detail.title')}</span>
          {appointment.data && <PrintHeading detail={appointment.data} />}
        </h1>
        {appointment.data && <PrintButton />}
      </div>
      {missing ? (
        <p className="notice">{t('admin.bookings.detail.notFound')}</p>
      ) : appointment.data ? (
        <>
          <Facts detail={appointment.data} />
          <RowActionButtons row={appointment.data} canEdit={user.rights.bookings.edit} onAction={(a) => actions.run(appointment.data, a)} />
          <Participants detail={appointment.data} canEdit={user.rights.bookings.edit} />
          <Answers detail={appointment.data} />
        </>
      ) : (
        <QueryState error={appointment.error} onRetry={() => void appointment.refetch()} />
      )}
      {actions.element}
    </div>
  );
}

/** What the printed page is about (issue 33): the appointment's time and with whom; on paper only. */
function PrintHeading({ detail }: { detail: AppointmentDetail }) {
  const { t } = useTranslation();
  const who =
    detail.kind === 'group'
      ? detail.name
      : detail.participants
          .filter((p) => p.role === 'patient')
          .map((p) => p.name)
          .join(', ');
  return (
    <span className="print-only">
      {t('admin.bookings.detail.printTitle', {
        when: formatTimeRange(detail.startTime, detail.endTime, currentLanguage()),
        name: who || detail.expert.name,
      })}
    </span>
  );
}

function Facts({ detail }: { detail: AppointmentDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const host = detail.participants.find((p) => p.expertId === detail.hostExpertId);
  return (
    <section className="card" aria-labelledby="appointment-facts">
      <h2 id="appointment-facts">{formatTimeRange(detail.startTime, detail.endTime, lang)}</h2>
      <dl className="facts-list">
        <dt>{t('admin.bookings.columns.status')}</dt>
        <dd>
          <BookingStatusBadge status={detail.status} visit={detail.visit} cancelReason={detail.cancelReason} />
        </dd>
        <dt>{t('admin.bookings.form.kind')}</dt>
        <dd>{t(`admin.bookings.meetingKind.${meetingKindOfRow(detail)}`)}</dd>
        {detail.kind === 'group' && detail.name && (
          <>
            <dt>{t('admin.bookings.group.name')}</dt>
            <dd>{detail.name}</dd>
          </>
        )}
        <dt>{t('admin.bookings.expert')}</dt>
        <dd>{detail.expert.name}</dd>
        {detail.kind === 'group' && (
          <>
            <dt>{t('admin.bookings.group.organiser')}</dt>
            <dd>{host?.name ?? '–'}</dd>
          </>
        )}
        <dt>{t('admin.bookings.detail.duration')}</dt>
        <dd>{t('admin.bookings.minutes', { count: detail.duration })}</dd>
        <dt>{t('admin.bookings.service')}</dt>
        <dd>{detail.service ? detail.service.name[lang] : '–'}</dd>
        {detail.cancelledAt !== null && (
          <>
            <dt>{t('admin.bookings.detail.cancelledAt')}</dt>
            <dd>{formatDateTime(detail.cancelledAt, lang, { timeZone: SERVICE_TIME_ZONE })}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Participants({ detail, canEdit }: { detail: AppointmentDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const nationalities = new Map(useNationalityOptions().map((o) => [o.value, o.label]));
  if (detail.status === 'open') return null;
  return (
    <section className="card" aria-labelledby="appointment-participants">
      <h2 id="appointment-participants">{t('admin.bookings.detail.participants')}</h2>
      {detail.participants.length === 0 ? (
        <p>{t('admin.bookings.detail.noParticipants')}</p>
      ) : (
        <ul className="participant-list">
          {detail.participants.map((p) => (
            <li key={p.id}>
              <h3>
                {p.name} <span className="hint">({t(`admin.bookings.role.${p.role}`)})</span>
              </h3>
              <dl className="facts-list">
                <dt>{t('admin.bookings.patient.email')}</dt>
                <dd>{p.email ?? '–'}</dd>
                <dt>{t('admin.bookings.patient.language')}</dt>
                <dd>{t(`languages.${p.language}`)}</dd>
                {p.role === 'patient' && (
                  <>
                    <dt>{t('admin.bookings.patient.ssn')}</dt>
                    <dd>{p.ssn ?? '–'}</dd>
                    <dt>{t('admin.bookings.patient.nationality')}</dt>
                    <dd>{p.nationality ? (nationalities.get(p.nationality.toLowerCase()) ?? p.nationality) : '–'}</dd>
                  </>
                )}
              </dl>
              {canEdit && (
                <GuestPin
                  appointment={detail}
                  guest={p}
                  path={`/api/admin/bookings/${encodeURIComponent(detail.id)}/guests/${encodeURIComponent(p.id)}/new-pin`}
                  refresh={BOOKINGS_KEY}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Answers({ detail }: { detail: AppointmentDetail }) {
  const { t } = useTranslation();
  if (detail.status === 'open') return null;
  return (
    <section className="card" aria-labelledby="appointment-answers">
      <h2 id="appointment-answers">{t('admin.bookings.detail.answers')}</h2>
      {detail.preQuestionnaire.length === 0 ? (
        <p>{t('admin.bookings.detail.noAnswers')}</p>
      ) : (
        <dl className="facts-list">
          {detail.preQuestionnaire.map((a) => (
            <Fragment key={a.id}>
              <dt>{a.question}</dt>
              <dd>{a.answer || '–'}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
