import type { BookableExpert } from '@prsp/contracts';
import type { FieldErrors } from '@/lib/validation';
import { emptyGuest, emptyPatient, type AppointmentForm } from './appointment-form-model';
import { BookingInput, BookingSelect } from './booking-fields';
import { GuestFields, PatientFields } from './patient-fields';
import { useTranslation } from '@/lib/i18n';

type Lists = Pick<AppointmentForm, 'name' | 'hostExpertId' | 'patients' | 'experts' | 'guests'>;

const without = <T,>(items: T[], i: number) => items.filter((_, j) => j !== i);
const replace = <T,>(items: T[], i: number, item: T) => items.map((x, j) => (j === i ? item : x));

/**
 * A group appointment's organiser and participants (spec §3): patients, experts and guests, each added and removed
 * one by one; the same person twice is flagged under the later copy.
 */
export function ParticipantsEditor({
  value,
  onChange,
  errors,
  experts,
}: {
  value: Lists;
  onChange: (patch: Partial<Lists>) => void;
  errors: FieldErrors;
  experts: readonly BookableExpert[];
}) {
  const { t } = useTranslation();
  const expertOptions = experts.map((e) => ({ value: e.id, label: e.name }));
  return (
    <>
      <div className="form-grid">
        <BookingInput
          label={t('admin.bookings.group.name')}
          hint={t('admin.bookings.group.nameHint')}
          value={value.name}
          onChange={(name) => onChange({ name })}
          error={errors.name}
        />
        <BookingSelect
          label={t('admin.bookings.group.organiser')}
          hint={t('admin.bookings.group.organiserHint')}
          value={value.hostExpertId}
          placeholder={t('admin.bookings.chooseExpert')}
          onChange={(hostExpertId) => onChange({ hostExpertId })}
          options={expertOptions}
          error={errors.hostExpertId}
          required
        />
      </div>

      <fieldset className="repeat-group">
        <legend>{t('admin.bookings.group.patients')}</legend>
        {value.patients.length === 0 && <p className="hint">{t('admin.bookings.group.noPatients')}</p>}
        {value.patients.map((p, i) => (
          <fieldset key={i} className="repeat-item">
            <legend>{t('admin.bookings.group.patientN', { n: i + 1 })}</legend>
            <PatientFields
              value={p}
              path={`patients.${i}`}
              errors={errors}
              onChange={(next) => onChange({ patients: replace(value.patients, i, next) })}
            />
            <div className="actions">
              <button type="button" className="button small secondary" onClick={() => onChange({ patients: without(value.patients, i) })}>
                {t('admin.bookings.group.removePatient', { n: i + 1 })}
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button type="button" className="button secondary" onClick={() => onChange({ patients: [...value.patients, emptyPatient()] })}>
            {t('admin.bookings.group.addPatient')}
          </button>
        </div>
      </fieldset>

      <fieldset className="repeat-group">
        <legend>{t('admin.bookings.group.experts')}</legend>
        {value.experts.length === 0 && <p className="hint">{t('admin.bookings.group.noExperts')}</p>}
        {value.experts.map((id, i) => (
          <div key={i} className="break-row">
            <BookingSelect
              label={t('admin.bookings.group.expertN', { n: i + 1 })}
              value={id}
              placeholder={t('admin.bookings.chooseExpert')}
              onChange={(next) => onChange({ experts: replace(value.experts, i, next) })}
              options={expertOptions}
              error={errors[`experts.${i}`]}
              required
            />
            <div className="actions">
              <button type="button" className="button small secondary" onClick={() => onChange({ experts: without(value.experts, i) })}>
                {t('admin.bookings.group.removeExpert', { n: i + 1 })}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button type="button" className="button secondary" onClick={() => onChange({ experts: [...value.experts, ''] })}>
            {t('admin.bookings.group.addExpert')}
          </button>
        </div>
      </fieldset>

      <fieldset className="repeat-group">
        <legend>{t('admin.bookings.group.guests')}</legend>
        {value.guests.length === 0 && <p className="hint">{t('admin.bookings.group.noGuests')}</p>}
        {value.guests.map((g, i) => (
          <fieldset key={i} className="repeat-item">
            <legend>{t('admin.bookings.group.guestN', { n: i + 1 })}</legend>
            <GuestFields
              value={g}
              path={`guests.${i}`}
              errors={errors}
              onChange={(next) => onChange({ guests: replace(value.guests, i, next) })}
            />
            <div className="actions">
              <button type="button" className="button small secondary" onClick={() => onChange({ guests: without(value.guests, i) })}>
                {t('admin.bookings.group.removeGuest', { n: i + 1 })}
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button type="button" className="button secondary" onClick={() => onChange({ guests: [...value.guests, emptyGuest()] })}>
            {t('admin.bookings.group.addGuest')}
          </button>
        </div>
      </fieldset>
    </>
  );
}
