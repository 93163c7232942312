import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { localDateTimeAt, type BookableExpert, type CalendarAppointment, type MoveInput } from '@prsp/contracts';
import { FormModal } from '@/components/ui/form-modal';
import { formatTimeRange } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { BookingInput, BookingSelect, RadioChoice } from './booking-fields';

/**
 * The keyboard way to move what the calendar shows (and the pointer's way to be exact): an appointment into one of the
 * view's open times or to a date, time and expert; an open time only to a date, time and expert. `onMove` gets the
 * move's body; the caller sends it and asks about open times in the way.
 */
export function CalendarMoveDialog({
  item,
  openTimes,
  experts,
  busy,
  failure,
  fields,
  onMove,
  onClose,
}: {
  item: CalendarAppointment;
  openTimes: CalendarAppointment[];
  experts: BookableExpert[];
  busy: boolean;
  failure: string | undefined;
  /** The server's field errors of the last try (`expertId`, `date`, `startTime`, `timeslotId`): message keys. */
  fields: FieldErrors;
  onMove: (body: MoveInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const isOpen = item.status === 'open';
  const now = localDateTimeAt(item.startTime);
  const [where, setWhere] = useState<'open' | 'free'>(isOpen || openTimes.length === 0 ? 'free' : 'open');
  const [slot, setSlot] = useState('');
  const [expertId, setExpertId] = useState(item.expert.id);
  const [date, setDate] = useState(now.date);
  const [time, setTime] = useState(now.time);
  const [slotError, setSlotError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (where === 'open') {
      if (!slot) return setSlotError(t('admin.bookings.calendar.move.chooseOpen'));
      onMove({ timeslotId: slot });
    } else onMove({ expertId, date, startTime: time });
  };

  return (
    <FormModal
      title={t(isOpen ? 'admin.bookings.calendar.move.openTitle' : 'admin.bookings.calendar.move.title')}
      dirty={false}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      submitLabel={t('admin.bookings.calendar.move.submit')}
      busy={busy}
    >
      <p>
        {t('admin.bookings.calendar.move.current', { time: formatTimeRange(item.startTime, item.endTime, lang) })}
        {item.people.length > 0 && `, ${item.people.join(', ')}`}
        {!isOpen && (
          <>
            {' '}
            <Link to={`/admin/appointment?id=${encodeURIComponent(item.id)}`}>{t('admin.bookings.calendar.move.details')}</Link>
          </>
        )}
      </p>
      {!isOpen && (
        <RadioChoice
          name="move-where"
          legend={t('admin.bookings.calendar.move.where')}
          value={where}
          onChange={setWhere}
          options={[
            { value: 'open', label: t('admin.bookings.calendar.move.toOpen') },
            { value: 'free', label: t('admin.bookings.calendar.move.toFree') },
          ]}
        />
      )}
      {where === 'open' ? (
        <fieldset aria-describedby={(slotError ?? fields.timeslotId) ? 'move-slot-error' : undefined}>
          <legend>{t('admin.bookings.calendar.move.openTimes')}</legend>
          {openTimes.length === 0 && <p className="hint">{t('admin.bookings.calendar.move.noOpenTimes')}</p>}
          <div className="slot-choices">
            {openTimes.map((o) => (
              <div className="check" key={o.id}>
                <input
                  id={`move-slot-${o.id}`}
                  type="radio"
                  name="move-slot"
                  checked={slot === o.id}
                  onChange={() => {
                    setSlot(o.id);
                    setSlotError(undefined);
                  }}
                />
                <label htmlFor={`move-slot-${o.id}`}>
                  {formatTimeRange(o.startTime, o.endTime, lang)}, {o.expert.name}
                </label>
              </div>
            ))}
          </div>
          {(slotError ?? fields.timeslotId) && (
            <p id="move-slot-error" className="field-error">
              {slotError ?? t(fields.timeslotId!)}
            </p>
          )}
        </fieldset>
      ) : (
        <div className="booking-filters">
          <BookingSelect
            label={t('admin.bookings.expert')}
            value={expertId}
            onChange={setExpertId}
            options={experts.map((e) => ({ value: e.id, label: e.name }))}
            error={fields.expertId}
            required
          />
          <BookingInput label={t('admin.bookings.date')} type="date" value={date} onChange={setDate} error={fields.date} required />
          <BookingInput
            label={t('admin.bookings.startTime')}
            type="time"
            value={time}
            onChange={setTime}
            error={fields.startTime}
            required
          />
        </div>
      )}
    </FormModal>
  );
}
