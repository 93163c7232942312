import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY, type Contact, type ContactUpdate } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useCities, useCountries, useNationalities } from '../api/lists-api';
import { useSaveContact } from '../api/patient-api';
import { FormField } from '@/components/ui/form-fields';
import { CodeSelect } from './code-select';
import { serverContactErrors, validateContact, type ContactErrors, type ContactField } from './contact-validation';

const FIELD_ORDER: ContactField[] = ['street', 'code', 'city', 'mobile', 'email', 'country', 'nationality'];

function initialValues(contact: Contact): ContactUpdate {
  return {
    street: contact.street,
    code: contact.code,
    city: contact.city,
    mobile: contact.mobile,
    email: contact.email,
    country: contact.country || DEFAULT_COUNTRY,
    nationality: contact.nationality,
  };
}

/**
 * Spec §2 contact details: names come from the identification and are never edited; mobile and e-mail are
 * read-only while acting on behalf (they are the delegate's own). Spec §5 rules are checked before sending,
 * and the server's field errors show under their fields.
 */
export function ContactForm({
  contact,
  acting,
  submitLabel,
  onSaved,
}: {
  contact: Contact;
  acting: boolean;
  submitLabel: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const idBase = useId();
  const id = (f: string) => `${idBase}-${f}`;
  const [values, setValues] = useState<ContactUpdate>(() => initialValues(contact));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveContact();
  const cities = useCities(lang);
  const countries = useCountries();
  const nationalities = useNationalities();

  const set = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  const focusFirst = (found: ContactErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) document.getElementById(id(first))?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateContact(values, { acting });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    // Awaited rather than mutate callbacks: the reloaded status may move the guard on first.
    save.mutateAsync(values).then(onSaved, (err: unknown) => {
      const { errors: fromServer, other } = serverContactErrors(err instanceof ApiError ? err.fields : undefined);
      setErrors(fromServer);
      if (Object.keys(fromServer).length > 0) focusFirst(fromServer);
      setFormError(
        other[0] ?? (Object.keys(fromServer).length === 0 ? (err instanceof ApiError ? err.errorKey : 'errors.processing') : null),
      );
    });
  };

  const err = (f: ContactField) => (errors[f] ? t(errors[f]) : undefined);
  const text = (f: ContactField, type: string, autoComplete: string, readOnly = false) => (
    <FormField id={id(f)} label={t(`contact.${f}`)} error={err(f)} describedBy={readOnly ? id('acting-note') : undefined}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={values[f]}
          onChange={set(f)}
          readOnly={readOnly}
          required={!readOnly}
        />
      )}
    </FormField>
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <div className="field-row">
        <FormField id={id('firstName')} label={t('contact.firstName')} describedBy={id('names-note')}>
          {(control) => <input {...control} value={contact.firstName} readOnly autoComplete="given-name" />}
        </FormField>
        <FormField id={id('lastName')} label={t('contact.lastName')} describedBy={id('names-note')}>
          {(control) => <input {...control} value={contact.lastName} readOnly autoComplete="family-name" />}
        </FormField>
      </div>
      <p id={id('names-note')} className="hint">
        {acting ? t('contact.namesHintActing', { name: `${contact.firstName} ${contact.lastName}`.trim() }) : t('contact.namesHint')}
      </p>
      {text('street', 'text', 'street-address')}
      <div className="field-row">
        {text('code', 'text', 'postal-code')}
        <FormField id={id('city')} label={t('contact.city')} error={err('city')}>
          {(control) => (
            <>
              <input
                {...control}
                list={`${id('city')}-list`}
                autoComplete="address-level2"
                value={values.city}
                onChange={set('city')}
                required
              />
              <datalist id={`${id('city')}-list`}>
                {(cities.data ?? []).map((c) => (
                  <option key={c.id} value={c.cityName[lang]} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </div>
      {acting && (
        <p id={id('acting-note')} className="hint">
          {t('contact.actingHint')}
        </p>
      )}
      {text('mobile', 'tel', 'tel', acting)}
      {text('email', 'email', 'email', acting)}
      <FormField id={id('country')} label={t('contact.country')} error={err('country')}>
        {(control) => <CodeSelect control={control} items={countries.data} value={values.country} onChange={set('country')} />}
      </FormField>
      <FormField id={id('nationality')} label={t('contact.nationality')} error={err('nationality')}>
        {(control) => <CodeSelect control={control} items={nationalities.data} value={values.nationality} onChange={set('nationality')} />}
      </FormField>
      {formError && (
        <p className="alert" role="alert">
          {t(formError)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
