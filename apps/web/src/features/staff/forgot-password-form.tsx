import { useEffect, useRef, type FormEvent } from 'react';
import { ZForgotPasswordRequest, type AppRole } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';
import { FormAlert, TextField } from '@/components/ui/form-fields';
import { useForgotPassword } from './staff-api';
import { useZodForm } from './use-zod-form';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §5 'Password reset e-mail': incorrect format, general error, e-mail not found. The server answers
 * every well-formed address the same way (so nobody can probe for accounts); 601 would mean not found.
 */
export function ForgotPasswordForm({ id, role, onClose }: { id: string; role: AppRole; onClose: () => void }) {
  const { t } = useTranslation();
  const forgot = useForgotPassword(role);
  const form = useZodForm<{ email: string }, { email: string; app_role: AppRole }>({
    schema: ZForgotPasswordRequest,
    defaultValues: { email: '' },
    toBody: ({ email }) => ({ email: email.trim(), app_role: role }),
    // The contract calls a blank address malformed; the form says it is missing.
    rules: ({ email }, _body, found) => (email.trim() ? found : { ...found, email: 'required' }),
  });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const submit = (e: FormEvent) => form.submit(e, ({ email }) => forgot.mutate(email));

  const failure =
    forgot.error instanceof ApiError && forgot.error.statusCode === 601
      ? t('staff.forgot.notFound')
      : forgot.error instanceof ApiError && forgot.error.statusCode === 429
        ? t('errors.tooManyRequests')
        : forgot.error
          ? t('staff.forgot.failed')
          : undefined;

  return (
    <section id={id} className="card narrow" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('staff.forgot.title')}
      </h2>
      {forgot.isSuccess ? (
        <p className="notice" role="status">
          {t('staff.forgot.sent')}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <p>{t('staff.forgot.text')}</p>
          <FormAlert message={failure} />
          <TextField label={t('staff.forgot.email')} type="email" autoComplete="email" {...form.field('email')} required />
          <div className="actions">
            <button type="submit" className="button" disabled={forgot.isPending}>
              {t('staff.forgot.submit')}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('staff.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
