import { Link } from 'react-router';
import { BOOKING_RULES, type PatientAppointment, type PatientConfig } from '@prsp/contracts';
import { ExternalLink } from '@/components/ui/external-link';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useContact } from '../api/patient-api';
import type { BookingFailure } from './booking-rules';
import { StepHeading } from './step-heading';

/**
 * Spec §2 'Booking confirmation': the booked time, how the appointment will happen (started from the front page 5
 * minutes before, spec §4), where the confirmation e-mail went (the contact e-mail the booking's confirmation is
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
      </dl>
      <p>{t('book.howItHappens', { minutes: BOOKING_RULES.startOpensMinutesBefore })}</p>
      {email && <p>{t('book.confirmationSent', { email })}</p>}
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
