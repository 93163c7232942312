import { useId, useRef, useState, type FormEvent } from 'react';
import { formatLocalDate, localDateAt, type OpenAppointment } from '@prsp/contracts';
import { DateInWords } from '@/components/ui/date-in-words';
import { FormField } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { formatDate, formatDateTime, formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { MeetingKindLabel } from '../appointments/meeting-kind';
import { useExistingSpecializations, useLockSlot, useNextFreeTime, useOpenAppointments, useRefreshSearch } from '../api/booking-api';
import { dayMs, searchErrors, shiftDate, type SearchErrors, type SearchInput } from './booking-rules';
import { StepHeading } from './step-heading';

const DATE_ERRORS = { required: 'book.errors.dateRequired', invalid: 'book.errors.dateInvalid', past: 'book.errors.datePast' } as const;

/**
 * Spec §2 'Book appointment', search step: date (today by default, never before today) and professional, 'find
 * free times', previous and next day, and the day's free times under the day's name with its weekday. A day with
 * nothing free says when the next free time is, with a way to that day. Each time says whether it is held by chat or
 * video (issue 29). A click on a time locks it (spec §4); a lock that fails says the time is not available and the
 * list refreshes.
 */
export function SearchStep({
  today,
  criteria,
  onCriteria,
  searched,
  onSearch,
  onLocked,
  focus,
}: {
  today: string;
  criteria: SearchInput;
  onCriteria: (c: SearchInput) => void;
  /** The search whose results show (null before the first search). */
  searched: SearchInput | null;
  onSearch: (c: SearchInput) => void;
  onLocked: (slot: OpenAppointment, holdMinutes: number) => void;
  focus: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const specializations = useExistingSpecializations();
  const [errors, setErrors] = useState<SearchErrors>({});
  const [lockFailed, setLockFailed] = useState(false);
  const search = searched ? { dayMs: dayMs(searched.date), specialization: searched.specialization } : null;
  const open = useOpenAppointments(search);
  const dayIsEmpty = open.data !== undefined && open.data.length === 0;
  const next = useNextFreeTime(dayIsEmpty ? search : null);
  // When the next free time after an empty day starts; null: none is open; undefined: not known (yet).
  const nextStart = dayIsEmpty ? next.data?.startTime : undefined;
  const refresh = useRefreshSearch();
  const lock = useLockSlot();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const dateWordsId = useId();

  const run = (c: SearchInput) => {
    const found = searchErrors(c, today);
    setErrors(found);
    setLockFailed(false);
    if (Object.keys(found).length > 0) return;
    // The same search again still asks the server: free times come and go while the list is on screen.
    if (search && searched?.date === c.date && searched.specialization === c.specialization) void refresh(search);
    else onSearch(c);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(criteria);
  };
  const moveDay = (days: number) => {
    const from = criteria.date && criteria.date >= today ? criteria.date : today;
    const next = { ...criteria, date: shiftDate(from, days) < today ? today : shiftDate(from, days) };
    onCriteria(next);
    run(next);
  };
  // To the next free time's day; the results' heading takes the focus from the button, which goes with the empty day.
  const toDay = (date: string) => {
    const c = { ...criteria, specialization: searched?.specialization ?? criteria.specialization, date };
    onCriteria(c);
    run(c);
    resultsHeading.current?.focus();
  };
  const choose = (slot: OpenAppointment) => {
    setLockFailed(false);
    lock.mutate(slot.uuid, {
      onSuccess: (result) => onLocked(slot, result.appointmentLockTime),
      onError: () => {
        setLockFailed(true);
        void open.refetch();
      },
    });
  };

  const slots = [...(open.data ?? [])].sort((a, b) => a.startTime - b.startTime);
  const options = (specializations.data ?? []).map((s) => ({ value: s.id, label: s.name[lang] || s.name.fi }));

  return (
    <section className="card booking-step" aria-labelledby="book-search-title">
      <StepHeading id="book-search-title" focus={focus}>
        {t('book.searchTitle')}
      </StepHeading>
      <form className="booking-search" noValidate onSubmit={submit}>
        <div className="field-row">
          <FormField label={t('book.date')} error={errors.date ? t(DATE_ERRORS[errors.date]) : undefined} describedBy={dateWordsId}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="date"
                  required
                  min={today}
                  value={criteria.date}
                  onChange={(e) => onCriteria({ ...criteria, date: e.target.value })}
                />
                <DateInWords id={dateWordsId} date={criteria.date} />
              </>
            )}
          </FormField>
          <FormField label={t('book.specialization')} error={errors.specialization ? t('book.errors.specializationRequired') : undefined}>
            {(control) => (
              <select
                {...control}
                required
                value={criteria.specialization}
                onChange={(e) => onCriteria({ ...criteria, specialization: e.target.value })}
              >
                <option value="">{t('book.choose')}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {specializations.isError && (
          <p className="alert" role="alert">
            {t('common.loadError')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button">
            {t('book.find')}
          </button>
        </div>
      </form>
      <div className="day-nav">
        <button type="button" className="button secondary" disabled={!criteria.date || criteria.date <= today} onClick={() => moveDay(-1)}>
          {t('book.previousDay')}
        </button>
        <button type="button" className="button secondary" onClick={() => moveDay(1)}>
          {t('book.nextDay')}
        </button>
      </div>
      {lockFailed && (
        <p className="alert" role="alert">
          {t('book.notAvailable')}
        </p>
      )}
      {searched && (
        <div>
          <h3 ref={resultsHeading} tabIndex={-1}>
            {t('book.resultsTitle', { date: formatLocalDate(searched.date, lang, 'heading') })}
          </h3>
          <p className="visually-hidden" role="status">
            {open.data && slots.length > 0 ? t('book.found', { count: slots.length }) : ''}
          </p>
          {!open.data ? (
            <QueryState error={open.error} onRetry={() => void open.refetch()} />
          ) : slots.length === 0 ? (
            <div className="empty">
              <p role="status">
                {t('book.noTimes')}
                {nextStart === null && ` ${t('book.noLaterTimes')}`}
                {nextStart != null && ` ${t('book.nextFreeTime', { time: formatDateTime(nextStart, lang, { style: 'weekday' }) })}`}
              </p>
              {nextStart != null && (
                <button type="button" className="button secondary" onClick={() => toDay(localDateAt(nextStart))}>
                  {t('book.showDay', { date: formatDate(localDateAt(nextStart), lang) })}
                </button>
              )}
            </div>
          ) : (
            <ul className="item-list slot-list">
              {slots.map((slot) => (
                <li key={slot.uuid}>
                  <button type="button" className="item" disabled={lock.isPending} onClick={() => choose(slot)}>
                    <span className="item-title">{formatTime(slot.startTime, lang)}</span>
                    <span className="slot-kind">
                      <MeetingKindLabel kind={slot.kind} />
                    </span>
                    <span className="item-meta">
                      {t('book.slotMeta', { duration: t('appointment.minutes', { count: slot.duration }), expert: slot.name })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
