import { useEffect, useRef } from 'react';
import { languageTag, LANGUAGES, normalizeSsn, type Language } from '@prsp/contracts';
import { PatientLookupNote, usePatientLookup } from '@/features/staff/patient-lookup';
import type { Option } from '@/components/ui/form-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { DEFAULT_NATIONALITY, type GuestForm, type PatientForm } from './appointment-form-model';
import { BookingInput, BookingSelect } from './booking-fields';
import { useNationalities } from './bookings-api';

export function useLanguageOptions(): Option[] {
  const { t } = useTranslation();
  return LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }));
}

/** The nationalities by name in the admin's language, Finnish first, by the list's own (lower-case) codes. */
export function useNationalityOptions(): Option[] {
  const lang = currentLanguage();
  const list = useNationalities().data ?? [];
  return list
    .map((n) => ({ value: n.code, label: n.name[lang] }))
    .sort((a, b) =>
      a.value === DEFAULT_NATIONALITY ? -1 : b.value === DEFAULT_NATIONALITY ? 1 : a.label.localeCompare(b.label, languageTag(lang)),
    );
}

/**
 * A patient as spec §3 'Appointment (admin)' has them: identity code, names, e-mail, language, nationality. A code of
 * a patient the organisation knows fills in their name and e-mail.
 */
export function PatientFields({
  value,
  onChange,
  errors,
  path,
}: {
  value: PatientForm;
  onChange: (value: PatientForm) => void;
  errors: FieldErrors;
  /** `patient` or `patients.N`: the server's field paths. */
  path: string;
}) {
  const { t } = useTranslation();
  const languages = useLanguageOptions();
  const nationalities = useNationalityOptions();
  const set = <K extends keyof PatientForm>(key: K, v: PatientForm[K]) => onChange({ ...value, [key]: v });
  // The lookup answers after the blur's own change: it fills in the form as it is then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const found = usePatientLookup('admin', (p) =>
    onChange({ ...latest.current, firstName: p.firstName, lastName: p.lastName, email: p.email || latest.current.email }),
  );
  return (
    <div className="form-grid">
      <BookingInput
        label={t('admin.bookings.patient.ssn')}
        hint={t('admin.bookings.patient.ssnHint')}
        value={value.ssn}
        onChange={(v) => set('ssn', v)}
        // The code as it is kept (trimmed, upper case), shown once typed: what the admin sees is what is stored.
        onBlur={() => {
          set('ssn', normalizeSsn(value.ssn));
          found.lookup(value.ssn);
        }}
        error={errors[`${path}.ssn`]}
        autoComplete="off"
        required
      />
      <PatientLookupNote state={found.state} />
      <BookingInput
        label={t('admin.bookings.patient.firstName')}
        value={value.firstName}
        onChange={(v) => set('firstName', v)}
        error={errors[`${path}.firstName`]}
        autoComplete="off"
        required
      />
      <BookingInput
        label={t('admin.bookings.patient.lastName')}
        value={value.lastName}
        onChange={(v) => set('lastName', v)}
        error={errors[`${path}.lastName`]}
        autoComplete="off"
        required
      />
      <BookingInput
        type="email"
        label={t('admin.bookings.patient.email')}
        value={value.email}
        onChange={(v) => set('email', v)}
        error={errors[`${path}.email`]}
        autoComplete="off"
        required
      />
      <BookingSelect
        label={t('admin.bookings.patient.language')}
        value={value.language}
        onChange={(v) => set('language', v as Language)}
        options={languages}
        error={errors[`${path}.language`]}
      />
      <BookingSelect
        label={t('admin.bookings.patient.nationality')}
        value={value.nationality}
        onChange={(v) => set('nationality', v)}
        options={nationalities.length ? nationalities : [{ value: value.nationality, label: value.nationality }]}
        error={errors[`${path}.nationality`]}
        required
      />
    </div>
  );
}

/** A guest of a group appointment: name, e-mail (they sign in with it and a PIN) and language. */
export function GuestFields({
  value,
  onChange,
  errors,
  path,
}: {
  value: GuestForm;
  onChange: (value: GuestForm) => void;
  errors: FieldErrors;
  path: string;
}) {
  const { t } = useTranslation();
  const languages = useLanguageOptions();
  const set = <K extends keyof GuestForm>(key: K, v: GuestForm[K]) => onChange({ ...value, [key]: v });
  return (
    <div className="form-grid">
      <BookingInput
        label={t('admin.bookings.guest.name')}
        value={value.name}
        onChange={(v) => set('name', v)}
        error={errors[`${path}.name`]}
        autoComplete="off"
        required
      />
      <BookingInput
        type="email"
        label={t('admin.bookings.guest.email')}
        value={value.email}
        onChange={(v) => set('email', v)}
        error={errors[`${path}.email`]}
        autoComplete="off"
        required
      />
      <BookingSelect
        label={t('admin.bookings.guest.language')}
        value={value.language}
        onChange={(v) => set('language', v as Language)}
        options={languages}
      />
    </div>
  );
}
