import { useRef, useState, type FormEvent } from 'react';
import { FormAlert, FormField } from '@/components/ui/form-fields';
import { useGuestLogin } from './guest-api';
import { guestLoginErrors, guestLoginFailure, pinInput, type GuestLoginErrors } from './guest-login-rules';
import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'Guest pages' and §5 'Guest login': heading, hint, e-mail and the invitation's PIN, continue. Wrong input
 * is named under its field with 'Please check fields' above, and focus goes to the first field to fix; a refused
 * sign-in says so above the form and puts the guest back in the PIN field. A guest locked out by wrong PINs is told
 * when to try again and to ask the organiser for a new PIN.
 */
export function GuestLoginForm({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const login = useGuestLogin(uuid);
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<GuestLoginErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = guestLoginErrors(email, pin);
    setErrors(found);
    login.reset();
    if (found.email || found.pin) {
      const first = found.email ? 'guest-email' : 'guest-pin';
      requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus());
      return;
    }
    login.mutate(
      { email: email.trim(), password: pin },
      {
        onError: () => {
          setPin('');
          requestAnimationFrame(() => pinRef.current?.focus());
        },
      },
    );
  };

  const invalid = Boolean(errors.email || errors.pin);
  const failure = login.error ? guestLoginFailure(login.error) : undefined;
  const retryAt = login.error instanceof ApiError ? login.error.retryAt : undefined;
  const alert =
    failure === 'lockedOut' && retryAt
      ? t('guest.login.lockedOut', { time: formatTime(retryAt, currentLanguage()) })
      : failure
        ? t(`guest.login.${failure}`)
        : invalid
          ? t('guest.login.checkFields')
          : undefined;
  return (
    <section className="card guest-card" aria-labelledby="guest-login-title">
      <h1 id="guest-login-title" className="page-title">
        {t('guest.login.heading')}
      </h1>
      <p className="hint">{t('guest.login.hint')}</p>
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <FormAlert message={alert} />
        <FormField id="guest-email" label={t('guest.login.email')} error={errors.email && t(`guest.login.${errors.email}`)}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="guest-pin"
          label={t('guest.login.pin')}
          hint={t('guest.login.pinHint')}
          error={errors.pin && t(`guest.login.${errors.pin}`)}
        >
          {(control) => (
            <input
              {...control}
              ref={pinRef}
              className="pin-input"
              type="text"
              name="pin"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              autoComplete="one-time-code"
              required
              value={pin}
              onChange={(e) => setPin(pinInput(e.target.value))}
            />
          )}
        </FormField>
        <button type="submit" className="button" disabled={login.isPending}>
          {t('guest.login.submit')}
        </button>
      </form>
    </section>
  );
}
