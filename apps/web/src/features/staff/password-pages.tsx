import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ZChangePasswordRequest,
  ZSetPasswordRequest,
  type AppRole,
  type ChangePasswordRequest,
  type SetPasswordRequest,
} from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { ApiError } from '@/lib/api-client';
import { FormAlert, TextField } from '@/components/ui/form-fields';
import { useChangePassword, usePasswordToken, useSetPassword, useStaffUser } from './staff-api';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { compact, newPasswordErrors, required, type FieldErrors } from '@/lib/validation';
import { useZodForm } from './use-zod-form';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/i18n';

function NewPasswordFields({
  password,
  again,
  setPassword,
  setAgain,
  errors,
}: {
  password: string;
  again: string;
  setPassword: (v: string) => void;
  setAgain: (v: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('staff.password.new')}
        hint={t('staff.password.rules')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        required
      />
      <TextField
        label={t('staff.password.again')}
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
        error={errors.passwordAgain}
        required
      />
    </>
  );
}

/**
 * Registration (`/register?token=`) and reset (`/changePassword?token=`) links: both set a password with
 * the e-mailed single-use token. A wrong or expired link is 801; at registration spec §8 says
 * 'Cannot set password. Contact administrator.'
 */
function SetPasswordForm({ role, purpose, token }: { role: AppRole; purpose: 'register' | 'reset'; token: string }) {
  const check = usePasswordToken(token);
  if (check.isPending) return <Loading />;
  if (check.error instanceof ApiError && check.error.statusCode === 801) return <LinkExpired role={role} purpose={purpose} />;
  // Any other failure of the check (network) leaves the form usable: setting the password checks the link again.
  return <SetPasswordFormFields role={role} purpose={purpose} token={token} />;
}

/** A used or expired link, told as soon as the page opens (spec §8 801; at registration 'Contact administrator'). */
function LinkExpired({ role, purpose }: { role: AppRole; purpose: 'register' | 'reset' }) {
  const { t } = useTranslation();
  usePageTitle(t('staff.password.linkExpiredTitle'));
  return (
    <section className="card narrow" aria-labelledby="password-title">
      <h1 id="password-title">{t('staff.password.linkExpiredTitle')}</h1>
      <p className="alert" role="alert">
        {t(purpose === 'register' ? 'staff.password.cannotSet' : 'errors.passwordLinkInvalid')}
      </p>
      <p>{t(purpose === 'register' ? 'staff.password.linkExpiredRegister' : 'staff.password.linkExpiredReset')}</p>
      <p>
        <Link to={`/${role}/login`}>{t('staff.password.toLogin')}</Link>
      </p>
    </section>
  );
}

function SetPasswordFormFields({ role, purpose, token }: { role: AppRole; purpose: 'register' | 'reset'; token: string }) {
  const { t } = useTranslation();
  usePageTitle(t(purpose === 'register' ? 'staff.password.registerTitle' : 'staff.password.resetTitle'));
  const navigate = useNavigate();
  const setPasswordCall = useSetPassword();
  const form = useZodForm<{ password: string; passwordAgain: string }, SetPasswordRequest>({
    schema: ZSetPasswordRequest,
    defaultValues: { password: '', passwordAgain: '' },
    toBody: (v) => ({ token, ...v }),
    // Spec §5's password rules on top of the contract's; the link is the server's to check (801 says so).
    rules: (v, _body, { token: _token, ...found }) => ({ ...found, ...newPasswordErrors(v.password, v.passwordAgain) }),
  });
  const { values, errors } = form;

  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      setPasswordCall.mutate(body, {
        onSuccess: () => navigate(`/${role}/login?passwordSet=1`, { replace: true }),
        onError: (err) => {
          if (err instanceof ApiError && err.statusCode === 802) form.showErrors({ password: 'passwordWeak' });
          else form.showServerErrors(err);
        },
      }),
    );

  const err = setPasswordCall.error;
  const failure =
    err instanceof ApiError && err.statusCode === 801
      ? t(purpose === 'register' ? 'staff.password.cannotSet' : 'errors.passwordLinkInvalid')
      : err instanceof ApiError && (err.statusCode === 802 || err.fields)
        ? undefined
        : err
          ? t('staff.saveError')
          : undefined;

  return (
    <section className="card narrow" aria-labelledby="password-title">
      <h1 id="password-title">{t(purpose === 'register' ? 'staff.password.registerTitle' : 'staff.password.resetTitle')}</h1>
      <p>{t(purpose === 'register' ? 'staff.password.registerText' : 'staff.password.resetText')}</p>
      <form className="form" noValidate onSubmit={submit}>
        <FormAlert message={failure} />
        <NewPasswordFields
          password={values.password}
          again={values.passwordAgain}
          setPassword={(v) => form.set('password', v)}
          setAgain={(v) => form.set('passwordAgain', v)}
          errors={errors}
        />
        <button type="submit" className="button" disabled={setPasswordCall.isPending}>
          {t('staff.password.save')}
        </button>
      </form>
      <p>
        <Link to={`/${role}/login`}>{t('staff.password.toLogin')}</Link>
      </p>
    </section>
  );
}

/** A signed-in member of staff changes their own password (profile menu). */
function ChangeOwnPasswordForm({ home }: { home: string }) {
  const { t } = useTranslation();
  usePageTitle(t('staff.password.changeTitle'));
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useZodForm<ChangePasswordRequest>({
    schema: ZChangePasswordRequest,
    defaultValues: { currentPassword: '', password: '', passwordAgain: '' },
    // Spec §5's password rules on top of the contract's.
    rules: (v, _body, found) => ({
      ...found,
      ...compact({ currentPassword: required(v.currentPassword) }),
      ...newPasswordErrors(v.password, v.passwordAgain),
    }),
  });
  const { values, errors } = form;
  const dirty = form.dirty && !change.isSuccess;

  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      change.mutate(body, {
        onError: (err) => {
          if (err instanceof ApiError && err.statusCode === 802) form.showErrors({ password: 'passwordWeak' });
          else form.showServerErrors(err);
        },
      }),
    );

  if (change.isSuccess) {
    return (
      <section className="card narrow" aria-labelledby="password-title">
        <h1 id="password-title">{t('staff.password.changeTitle')}</h1>
        <p className="notice" role="status">
          {t('staff.password.changed')}
        </p>
        <button type="button" className="button" onClick={() => navigate(home)}>
          {t('staff.toHome')}
        </button>
      </section>
    );
  }

  const err = change.error;
  const failure = err instanceof ApiError && (err.statusCode === 802 || err.fields) ? undefined : err ? t('staff.saveError') : undefined;
  return (
    <section className="card narrow" aria-labelledby="password-title">
      <UnsavedChangesGuard dirty={dirty} />
      <h1 id="password-title">{t('staff.password.changeTitle')}</h1>
      <form className="form" noValidate onSubmit={submit}>
        <FormAlert message={failure} />
        <TextField
          label={t('staff.password.current')}
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
          required
        />
        <NewPasswordFields
          password={values.password}
          again={values.passwordAgain}
          setPassword={(v) => form.set('password', v)}
          setAgain={(v) => form.set('passwordAgain', v)}
          errors={errors}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {t('staff.password.save')}
        </button>
      </form>
    </section>
  );
}

/** `/{app}/register?token=`. */
export function RegisterPage({ role }: { role: AppRole }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <MissingToken role={role} />;
  return <SetPasswordForm role={role} purpose="register" token={token} />;
}

/** `/{app}/changePassword`: with a token the reset link; without, the signed-in user's own change. */
export function ChangePasswordPage({ role, home }: { role: AppRole; home: string }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const user = useStaffUser(role);
  if (token) return <SetPasswordForm role={role} purpose="reset" token={token} />;
  if (user.isPending) return <Loading />;
  if (!user.data) return <MissingToken role={role} />;
  return <ChangeOwnPasswordForm home={home} />;
}

function MissingToken({ role }: { role: AppRole }) {
  const { t } = useTranslation();
  usePageTitle(t('staff.password.linkMissingTitle'));
  return (
    <section className="card narrow">
      <h1>{t('staff.password.linkMissingTitle')}</h1>
      <p>{t('staff.password.linkMissing')}</p>
      <Link to={`/${role}/login`}>{t('staff.password.toLogin')}</Link>
    </section>
  );
}
