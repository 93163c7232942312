import { useState } from 'react';
import { ZInviteRequest, type InviteRequest } from '@prsp/contracts';
import { FormAlert, SelectField, TextField } from '../../../components/ui/form-fields';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/validation';
import { useTransferTargets } from './expert-chat-api';
import { useInvite } from './invite-api';
import { useTranslation } from '../../../lib/i18n';

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
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const invite = useInvite(channelId);
  const targets = useTransferTargets(open && who === 'expert');
  const patch = (p: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...p }));
  const close = () => {
    setOpen(false);
    setForm(EMPTY);
    setErrors({});
    invite.reset();
  };
  const submit = () => {
    const body = requestOf(who, form);
    const found = who === 'expert' && !form.expertId ? { expertId: 'required' } : schemaErrors(ZInviteRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    invite.mutate(body, {
      onSuccess: () => {
        setDone(
          who === 'guest' ? t('expert.chat.invite.guestInvited', { email: form.email.trim() }) : t('expert.chat.invite.expertInvited'),
        );
        close();
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
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
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
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
              <TextField
                label={t('expert.chat.invite.name')}
                value={form.name}
                onChange={(name) => patch({ name })}
                error={errors.name}
                required
                autoComplete="off"
              />
              <TextField
                label={t('expert.chat.invite.email')}
                type="email"
                value={form.email}
                onChange={(email) => patch({ email })}
                error={errors.email}
                required
                autoComplete="off"
              />
              <SelectField
                label={t('expert.chat.invite.language')}
                value={form.language}
                onChange={(language) => patch({ language: language as typeof EMPTY.language })}
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
                value={form.mobile}
                onChange={(mobile) => patch({ mobile })}
                error={errors.mobile}
                autoComplete="off"
              />
            </>
          ) : (
            <SelectField
              label={t('expert.chat.invite.expertLabel')}
              value={form.expertId}
              onChange={(expertId) => patch({ expertId })}
              placeholder={t('expert.chat.invite.chooseExpert')}
              options={(targets.data?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))}
              error={errors.expertId}
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
