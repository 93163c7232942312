import { useState, type FormEvent } from 'react';
import { ZInviteRequest, type InviteRequest } from '@prsp/contracts';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useZodForm } from '@/features/staff/use-zod-form';
import { saveFailureKey } from '@/lib/form-errors';
import { useTransferTargets } from './expert-chat-api';
import { useInvite } from './invite-api';
import { useTranslation } from '@/lib/i18n';

type Who = 'guest' | 'expert';
const EMPTY = { name: '', email: '', language: 'fi' as 'fi' | 'se' | 'en', mobile: '', expertId: '' };

function requestOf(who: Who, form: typeof EMPTY): InviteRequest {
  if (who === 'expert') return { kind: 'expert', expertId: form.expertId };
  return {
    kind: 'guest',
    name: form.name,
    email: form.email,
    language: form.language,
    ...(form.mobile.trim() ? { mobile: form.mobile } : {}),
  };
}

/**
 * The 'Invite' button of a live group chat and its dialog: a guest by name and e-mail (they get a PIN by e-mail, and
 * by SMS when a mobile is given) or another professional of the organisation. Mounted by the expert's chat view.
 */
export function InviteButton({ channelId, disabled }: { channelId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState<Who>('guest');
  const invitation = useZodForm<typeof EMPTY, InviteRequest>({
    schema: ZInviteRequest,
    defaultValues: EMPTY,
    toBody: (form) => requestOf(who, form),
    // An expert to invite is chosen first (the list says so before the contract's id rule would).
    rules: (form, _body, found) => (who === 'expert' && !form.expertId ? { expertId: 'required' } : found),
  });
  const { values: form, field } = invitation;
  const [done, setDone] = useState<string | null>(null);
  const invite = useInvite(channelId);
  const targets = useTransferTargets(open && who === 'expert');
  const close = () => {
    setOpen(false);
    invitation.form.reset(EMPTY);
    invite.reset();
  };
  const submit = (e: FormEvent) =>
    invitation.submit(e, (body) =>
      invite.mutate(body, {
        onSuccess: () => {
          setDone(
            who === 'guest' ? t('expert.chat.invite.guestInvited', { email: form.email.trim() }) : t('expert.chat.invite.expertInvited'),
          );
          close();
        },
        onError: invitation.showServerErrors,
      }),
    );
  return (
    <>
      <button
        type="button"
        className="button secondary"
        disabled={disabled}
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        {t('expert.chat.invite.button')}
      </button>
      {done && (
        <span className="visually-hidden" role="status">
          {done}
        </span>
      )}
      <ModalDialog open={open} title={t('expert.chat.invite.title')} onClose={close} closeLabel={t('ui.close')}>
        <form className="form" noValidate onSubmit={submit}>
          <FormAlert message={invite.isError ? t(saveFailureKey(invite.error) ?? 'expert.chat.invite.failed') : undefined} />
          <fieldset>
            <legend>{t('expert.chat.invite.who')}</legend>
            {(['guest', 'expert'] as const).map((w) => (
              <label key={w} className="radio-choice">
                <input type="radio" name="invite-who" value={w} checked={who === w} onChange={() => setWho(w)} />
                {t(`expert.chat.invite.${w}`)}
              </label>
            ))}
          </fieldset>
          {who === 'guest' ? (
            <>
              <TextField label={t('expert.chat.invite.name')} {...field('name')} required autoComplete="off" />
              <TextField label={t('expert.chat.invite.email')} type="email" {...field('email')} required autoComplete="off" />
              <SelectField
                label={t('expert.chat.invite.language')}
                {...field('language')}
                options={[
                  { value: 'fi', label: 'Suomi' },
                  { value: 'se', label: 'Svenska' },
                  { value: 'en', label: 'English' },
                ]}
              />
              <TextField
                label={t('expert.chat.invite.mobile')}
                hint={t('expert.chat.invite.mobileHint')}
                type="text"
                inputMode="numeric"
                {...field('mobile')}
                autoComplete="off"
              />
            </>
          ) : (
            <SelectField
              label={t('expert.chat.invite.expertLabel')}
              {...field('expertId')}
              placeholder={t('expert.chat.invite.chooseExpert')}
              options={(targets.data?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))}
              required
            />
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={invite.isPending}>
              {t('expert.chat.invite.submit')}
            </button>
            <button type="button" className="button secondary" onClick={close}>
              {t('ui.cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
