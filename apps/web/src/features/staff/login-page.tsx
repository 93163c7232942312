import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ZStaffLoginRequest, type AppRole, type Language, type StaffLoginRequest } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation, type TFunction } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormAlert, TextField } from '@/components/ui/form-fields';
import { useStaffLogin, useStaffUser } from './staff-api';
import { useZodForm } from './use-zod-form';

/**
 * Why a sign-in was refused, in words the user can act on (spec §7 'Login status error: show login failed').
 * During a lockout (102) it says there were too many tries and from when on signing in works again.
 */
export function loginErrorText(err: unknown, t: TFunction, lang: Language): string {
  if (err instanceof ApiError && err.statusCode === 102) {
    return err.retryAt ? t('staff.login.lockedOut', { time: formatTime(err.retryAt, lang) }) : t('errors.signInLockedOut');
  }
  return t(loginErrorKey(err));
}

function loginErrorKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.statusCode === 607) return 'errors.adminNotActive';
    if (err.statusCode === 429) return 'errors.tooManyRequests';
    if (err.errorKey === 'errors.processing') return 'errors.processing';
  }
  return 'staff.login.failed';
}

/** Sign-in of the admin and expert apps, with the forgot-password form one click away. */
export function StaffLoginPage({ role, home }: { role: AppRole; home: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useStaffUser(role);
  const login = useStaffLogin(role);
  const form = useZodForm<{ username: string; password: string }, StaffLoginRequest>({
    schema: ZStaffLoginRequest,
    defaultValues: { username: '', password: '' },
    toBody: ({ username, password }) => ({ username: username.trim(), password, app_role: role }),
  });
  const [forgot, setForgot] = useState(false);
  const forgotButton = useRef<HTMLButtonElement>(null);
  usePageTitle(t(`staff.login.title.${role}`));

  if (user.isPending) return <Loading />;
  if (user.data && !login.isPending) return <Navigate to={home} replace />;

  const submit = (e: FormEvent) =>
    form.submit(e, ({ username, password }) =>
      login.mutate({ username, password }, { onSuccess: () => navigate(home, { replace: true }) }),
    );

  const notice = params.has('unauthorized')
    ? { alert: true, text: t('staff.login.sessionExpired') }
    : params.has('passwordSet')
      ? { alert: false, text: t('staff.password.setDone') }
      : params.has('loggedOut')
        ? { alert: false, text: t('staff.login.loggedOut') }
        : undefined;

  return (
    <div className="auth-stack">
      <section className="card narrow" aria-labelledby="login-title">
        {notice && (
          <p className={notice.alert ? 'alert' : 'notice'} role={notice.alert ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        <h1 id="login-title">{t(`staff.login.title.${role}`)}</h1>
        <form className="form" noValidate onSubmit={submit}>
          <FormAlert message={login.error ? loginErrorText(login.error, t, currentLanguage()) : undefined} />
          <TextField label={t('staff.login.username')} type="email" autoComplete="username" {...form.field('username')} required />
          <TextField
            label={t('staff.login.password')}
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
            required
          />
          <button type="submit" className="button" disabled={login.isPending}>
            {t('staff.login.submit')}
          </button>
        </form>
        <button
          ref={forgotButton}
          type="button"
          className="button link"
          aria-expanded={forgot}
          aria-controls="forgot-password"
          onClick={() => setForgot(!forgot)}
        >
          {t('staff.forgot.link')}
        </button>
      </section>
      {forgot && (
        <ForgotPasswordForm
          id="forgot-password"
          role={role}
          onClose={() => {
            setForgot(false);
            forgotButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
