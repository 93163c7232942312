import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { localDateAt, type OpenAppointment, type PatientAppointment } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useBookingInfo } from '../api/booking-api';
import { usePatientContext } from '../patient-state';
import { questionsFor, type BookingFailure, type SearchInput } from './booking-rules';
import { ConfirmStep } from './confirm-step';
import { useHoldGuard } from './hold-guard';
import { FailedStep, SuccessStep } from './result-steps';
import { RescheduleBanner, useRescheduleMode } from './reschedule-mode';
import { SearchStep } from './search-step';
import './booking.css';

/** The steps after a lock belong to its `attempt`, the history entry the confirmation step was pushed as. */
type Step =
  | { step: 'search' }
  | { step: 'confirm'; attempt: number; slot: OpenAppointment; holdUntil: number; holdMinutes: number }
  | { step: 'success'; attempt: number; appointment: PatientAppointment; slot: OpenAppointment }
  | { step: 'failed'; attempt: number; failure: BookingFailure };

type EntryState = { bookingAttempt?: number } | null;

/**
 * Spec §2 'Book appointment' (bookingsEnabled) in its four steps: search, confirmation, success, failed (spec §4
 * 'Booking flow'). The organisation's booking info text shows above the search.
 *
 * A lock pushes a history entry of its own for the confirmation, so the browser's Back from it is a navigation
 * inside the page, which the hold guard stops with the leave-unconfirmed modal (spec §4: back or navigation) even
 * when the book page was the first page the browser loaded; leaving that entry, once allowed, shows the search.
 */
export function BookPage() {
  const { t } = useTranslation();
  usePageTitle(t('book.title'));
  const lang = currentLanguage();
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const info = useBookingInfo();
  const [today] = useState(() => localDateAt(Date.now()));
  const [step, setStep] = useState<Step>({ step: 'search' });
  // Whether a step has replaced the first one: from then on each new step takes the focus.
  const [moved, setMoved] = useState(false);
  const [criteria, setCriteria] = useState<SearchInput>({ date: today, specialization: '' });
  const [searched, setSearched] = useState<SearchInput | null>(null);
  // Changing a time (issue 29): the search starts from the appointment's specialization, and runs at once.
  const reschedule = useRescheduleMode();
  const [prefilled, setPrefilled] = useState(false);
  if (!prefilled && reschedule.info) {
    setPrefilled(true);
    const specialization = reschedule.info.specialization;
    if (specialization && !criteria.specialization) {
      setCriteria({ ...criteria, specialization });
      setSearched({ ...criteria, specialization });
    }
  }
  const go = useCallback((next: Step) => {
    setMoved(true);
    setStep(next);
  }, []);
  const location = useLocation();
  const navigate = useNavigate();
  const entryAttempt = (location.state as EntryState)?.bookingAttempt;
  const [seenAttempt, setSeenAttempt] = useState(entryAttempt);
  if (entryAttempt !== seenAttempt) {
    setSeenAttempt(entryAttempt);
    if (step.step !== 'search' && step.attempt !== entryAttempt) go({ step: 'search' });
  }

  const toSearch = useCallback(() => go({ step: 'search' }), [go]);
  // Leaving by the page's own back button takes the confirmation's entry off the history too.
  const backToSearch = useCallback(() => {
    toSearch();
    void navigate(-1);
  }, [toSearch, navigate]);
  const guard = useHoldGuard(step.step === 'confirm' ? step.slot.uuid : null, backToSearch);
  const attempt = step.step === 'search' ? 0 : step.attempt;
  const failed = useCallback(
    (failure: BookingFailure) => {
      guard.release();
      go({ step: 'failed', attempt, failure });
    },
    [guard, go, attempt],
  );
  const locked = (slot: OpenAppointment, holdMinutes: number) => {
    const now = Date.now();
    void navigate({ pathname: location.pathname, search: location.search }, { state: { bookingAttempt: now } satisfies EntryState });
    go({ step: 'confirm', attempt: now, slot, holdMinutes, holdUntil: now + holdMinutes * 60_000 });
  };

  if (!config) return null;
  const infoText = info.data?.infoText[lang].trim();
  // Changing a time that is still loading, or can no longer be changed: no search until it is known.
  if (reschedule.uuid && !reschedule.info)
    return (
      <>
        <Link to="/landing" className="back-link">
          {t('common.backToHome')}
        </Link>
        <h1 className="page-title">{t('reschedule.title')}</h1>
        <RescheduleBanner mode={reschedule} done={false} />
      </>
    );

  return (
    <>
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1 className="page-title">{reschedule.uuid ? t('reschedule.title') : t('book.title')}</h1>
      <RescheduleBanner mode={reschedule} done={step.step === 'success'} />
      {infoText && step.step === 'search' && (
        <section className="card" aria-labelledby="book-info-title">
          <h2 id="book-info-title">{t('book.info')}</h2>
          <p className="booking-info">{infoText}</p>
        </section>
      )}
      {step.step === 'search' && (
        <SearchStep
          today={today}
          criteria={criteria}
          onCriteria={setCriteria}
          searched={searched}
          onSearch={setSearched}
          focus={moved}
          onLocked={locked}
        />
      )}
      {step.step === 'confirm' && (
        <ConfirmStep
          slot={step.slot}
          holdUntil={step.holdUntil}
          holdMinutes={step.holdMinutes}
          questions={questionsFor(step.slot.preQuestionnaire, config.questionnaire)}
          rescheduleOf={reschedule.info?.appointment}
          onBack={guard.requestBack}
          onFailed={failed}
          onBooked={(appointment) => {
            guard.release();
            go({ step: 'success', attempt: step.attempt, appointment, slot: step.slot });
          }}
        />
      )}
      {step.step === 'success' && <SuccessStep appointment={step.appointment} expertName={step.slot.name} config={config} />}
      {step.step === 'failed' && <FailedStep failure={step.failure} onNewSearch={toSearch} />}
      {guard.element}
    </>
  );
}
