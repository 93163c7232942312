import type { FormEvent } from 'react';
import { QUICK_REPLY_LANGUAGES, ZQuickReplyInput, type QuickReply, type QuickReplyInput } from '@prsp/contracts';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey } from '@/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import { useSaveQuickReply, type QuickReplyOwner } from './quick-replies-api';
import { useZodForm } from './use-zod-form';

type Form = { shortcut: string; title: string; fi: string; sv: string; en: string };

/** Add a quick reply or change one: its shortcut, name and texts in fi, sv and en (at least one). */
export function QuickReplyModal({ owner, reply, onClose }: { owner: QuickReplyOwner; reply?: QuickReply; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const save = useSaveQuickReply(owner);
  const form = useZodForm<Form, QuickReplyInput>({
    schema: ZQuickReplyInput,
    defaultValues: {
      shortcut: reply?.shortcut ?? '',
      title: reply?.title ?? '',
      fi: reply?.texts.fi ?? '',
      sv: reply?.texts.sv ?? '',
      en: reply?.texts.en ?? '',
    },
    toBody: (f) => ({
      shortcut: f.shortcut.trim(),
      title: f.title.trim(),
      texts: Object.fromEntries(QUICK_REPLY_LANGUAGES.map((l) => [l, f[l].trim()]).filter(([, v]) => v !== '')),
    }),
  });
  const { errors } = form;
  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      save.mutate(
        { id: reply?.id, body },
        {
          onSuccess: () => {
            showToast(t('quickReplies.saved'));
            onClose();
          },
          onError: form.showServerErrors,
        },
      ),
    );
  const failureKey = saveFailureKey(save.error);
  const textsError = fieldText(errors.texts);
  return (
    <FormModal
      title={t(reply ? 'quickReplies.editTitle' : 'quickReplies.addTitle')}
      dirty={form.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t('staff.save')}
      busy={save.isPending}
    >
      <TextField
        label={t('quickReplies.shortcut')}
        hint={t('quickReplies.shortcutHint')}
        autoComplete="off"
        {...form.field('shortcut')}
        required
      />
      <TextField label={t('quickReplies.name')} {...form.field('title')} required />
      <fieldset aria-describedby={textsError ? 'quick-reply-texts-error' : 'quick-reply-texts-hint'}>
        <legend>{t('quickReplies.texts')}</legend>
        <p id="quick-reply-texts-hint" className="hint">
          {t('quickReplies.textsHint')}
        </p>
        {QUICK_REPLY_LANGUAGES.map((lang) => (
          <TextAreaField key={lang} label={t(`quickReplies.text_${lang}`)} rows={3} {...form.field(lang)} error={errors[`texts.${lang}`]} />
        ))}
        {textsError && (
          <p id="quick-reply-texts-error" className="group-error">
            {textsError}
          </p>
        )}
      </fieldset>
    </FormModal>
  );
}
