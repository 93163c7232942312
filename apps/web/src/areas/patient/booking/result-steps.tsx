import { Link } from 'react-router';
import { BOOKING_RULES, isVideoKind, type PatientAppointment, type PatientConfig } from '@prsp/contracts';
import { ExternalLink } from '@/components/ui/external-link';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useContact } from '../api/patient-api';
import { DeviceCheckLink, MeetingKindLabel } from '../appointments/meeting-kind';
import { RemindersNote } from '../appointments/reminders-note';
import type { BookingFailure } from './booking-rules';
import { StepHeading } from './step-heading';

/**
 * Spec §2 'Booking confirmation': the booked time and kind, how the appointment will happen by its kind (a chat the
 * professional opens, or a video call to join, with the device check to try beforehand; started from the front page 5
 * minutes before, spec §4), the symptom questionnaire to answer before the visit when the service sends one (issue 29,
 * with a direct link to it), where the confirmation e-mail went (the contact e-mail the booking's confirmation is
 * sent to), the organisation's `bookingConfirmedText` and `bookingConfirmedLink` in the patient's language, the
 * appointment as a calendar file, and the way on to the booked list and the front page.
 */
export function SuccessStep({
  appointment: a,
  expertName,
  config,
}: {
  appointment: PatientAppointment;
  expertName: string;
  config: PatientConfig;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const text = config.bookingConfirmedText[lang].trim();
  const link = config.bookingConfirmedLink?.[lang];
  const email = useContact().data?.email.trim();
  return (
    <section className="card booking-step" aria-labelledby="book-success-title">
      <StepHeading id="book-success-title" focus>
        {t('book.successTitle')}
      </StepHeading>
      <dl className="facts">
        <dt>{t('appointment.time')}</dt>
        <dd>{formatDateTime(a.startTime, lang, { style: 'weekday' })}</dd>
        <dt>{t('appointment.duration')}</dt>
        <dd>{t('appointment.minutes', { count: a.duration })}</dd>
        <dt>{t('book.expert')}</dt>
        <dd>{expertName}</dd>
        <dt>{t('appointment.kind')}</dt>
        <dd>
          <MeetingKindLabel kind={a.kind} />
        </dd>
      </dl>
      <p>{t(`book.howItHappens.${a.kind}`, { minutes: BOOKING_RULES.startOpensMinutesBefore })}</p>
      {isVideoKind(a.kind) && <DeviceCheckLink />}
      <BeforeSurveys appointment={a} />
      {email && <p>{t('book.confirmationSent', { email })}</p>}
      <RemindersNote settingsLink={config.contactEnabled} />
      {text && <p className="confirmed-text">{text}</p>}
      {link?.url && (
        <p>
          <ExternalLink href={link.url}>{link.text || link.url}</ExternalLink>
        </p>
      )}
      <p>
        <a className="button secondary" href={`/api/services/calendar/${encodeURIComponent(a.uuid)}`} download="appointment.ics">
          {t('book.addToCalendar')}
        </a>
      </p>
      <div className="actions">
        {config.yourBookingsEnabled && (
          <Link className="button" to="/bookings">
            {t('book.toBookings')}
          </Link>
        )}
        <Link className={config.yourBookingsEnabled ? 'button secondary' : 'button'} to="/landing">
          {t('common.backToHome')}
        </Link>
      </div>
    </section>
  );
}

/** The symptom questionnaires the booking sent (`before`) and not yet answered, each with a direct link to answer it. */
function BeforeSurveys({ appointment }: { appointment: PatientAppointment }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const surveys = appointment.surveys.filter((s) => s.trigger === 'before' && s.responded_at === null);
  if (surveys.length === 0) return null;
  return (
    <section className="before-surveys" aria-labelledby="before-surveys-title">
      <h3 id="before-surveys-title">{t('book.beforeSurvey')}</h3>
      <p>{t('book.beforeSurveyText')}</p>
      <ul className="actions">
        {surveys.map((s) => (
          <li key={s.response_id}>
            <Link className="button" to={`/survey/${encodeURIComponent(s.response_id)}`}>
              {t('book.answerSurvey', { name: s.name[lang] || s.name.fi })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §8: 'time slot cannot be booked so search again', with a new search. A hold that ran out says so plainly
 * (how long the time was held and that it is free for others now) instead of a bare failure.
 */
export function FailedStep({ failure, onNewSearch }: { failure: BookingFailure; onNewSearch: () => void }) {
  const { t } = useTranslation();
  const expired = failure.reason === 'expired';
  return (
    <section className="card booking-step" aria-labelledby="book-failed-title">
      <StepHeading id="book-failed-title" focus>
        {expired ? t('book.expiredTitle') : t('book.failedTitle')}
      </StepHeading>
      <p className="alert">{expired ? t('book.expiredText', { count: failure.holdMinutes }) : t('book.failedText')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onNewSearch}>
          {t('book.newSearch')}
        </button>
      </div>
    </section>
  );
}
