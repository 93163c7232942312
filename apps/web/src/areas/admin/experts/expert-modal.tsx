import type { FormEvent } from 'react';
import { EXPERT_LANGUAGES, ZExpertInput, type AdminExpert, type ExpertInput } from '@prsp/contracts';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey, serverFieldErrors } from '@/lib/form-errors';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { StatusBadge } from '@/components/ui/status-badge';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useExpertChatQueues, useSaveExpert, useSpecializations } from './experts-api';
import { ChatQueueField } from '../services/chat-queue-field';
import { FormModal } from '@/components/ui/form-modal';
import '@/lib/presence-texts';

const LANGUAGE_LABEL: Record<(typeof EXPERT_LANGUAGES)[number], 'fi' | 'se' | 'en'> = { fi: 'fi', sv: 'se', en: 'en' };

function initialInput(expert: AdminExpert | undefined): ExpertInput {
  return {
    firstName: expert?.firstName ?? '',
    lastName: expert?.lastName ?? '',
    email: expert?.email ?? '',
    specializations: expert?.specializations ?? [],
    communicationLanguage: expert?.communicationLanguage ?? 'fi',
    chatQueueId: expert?.chatQueueId ?? '',
    autoCreateChat: false,
    maxConcurrentChats: expert?.maxConcurrentChats ?? null,
    shiftLead: expert?.shiftLead ?? false,
  };
}

/**
 * Spec §3 'Expert' and §5: names, at least one specialization, e-mail (unique: 1100), language, the service chat queue
 * and/or a personal queue (made once; the service queue stays). Creating one sends the registration e-mail.
 */
export function ExpertModal({ expert, onClose }: { expert?: AdminExpert; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const save = useSaveExpert();
  const specializations = useSpecializations();
  const queues = useExpertChatQueues();
  const form = useZodForm<ExpertInput>({
    schema: ZExpertInput,
    defaultValues: initialInput(expert),
    // The service queue and the personal queue are independent: ticking the personal queue leaves the service queue as chosen.
    toBody: (input) => ({ ...input, chatQueueId: input.chatQueueId?.trim() || undefined }),
  });
  const { values: input, errors, set } = form;

  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      save.mutate(
        { id: expert?.id, body },
        {
          onSuccess: () => {
            showToast(t(expert ? 'admin.experts.saved' : 'admin.experts.created'));
            onClose();
          },
          onError: (err) => {
            const fields = serverFieldErrors(err);
            if (err instanceof ApiError && err.statusCode === 1100) fields.email = 'emailInUse';
            form.showErrors(fields);
          },
        },
      ),
    );

  const err = save.error;
  const failureKey = err instanceof ApiError && err.statusCode === 1100 ? 'errors.emailInUse' : saveFailureKey(err);
  const specializationError = errors.specializations ?? Object.entries(errors).find(([k]) => k.startsWith('specializations.'))?.[1];

  return (
    <FormModal
      title={t(expert ? 'admin.experts.editTitle' : 'admin.experts.addTitle')}
      dirty={form.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(expert ? 'staff.save' : 'admin.experts.create')}
      busy={save.isPending}
    >
      {expert && (
        <p>
          {t('admin.users.status')}: <StatusBadge status={expert.status} locked={expert.locked} />
        </p>
      )}
      <div className="form-grid">
        <TextField label={t('admin.users.firstName')} {...form.field('firstName')} required />
        <TextField label={t('admin.users.lastName')} {...form.field('lastName')} required />
        <TextField label={t('admin.users.email')} type="email" {...form.field('email')} required />
        <SelectField
          label={t('admin.experts.language')}
          value={input.communicationLanguage}
          onChange={(v) => set('communicationLanguage', v as ExpertInput['communicationLanguage'])}
          options={EXPERT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${LANGUAGE_LABEL[l]}`) }))}
        />
      </div>
      <fieldset aria-describedby={specializationError ? 'expert-spec-error' : undefined}>
        <legend>{t('admin.experts.specializations')}</legend>
        <div className="form-grid">
          {(specializations.data ?? []).map((s) => (
            <CheckboxField
              key={s.id}
              label={s.name[lang]}
              checked={input.specializations.includes(s.id)}
              onChange={(on) =>
                set('specializations', on ? [...input.specializations, s.id] : input.specializations.filter((x) => x !== s.id))
              }
            />
          ))}
        </div>
        {specializationError && (
          <p id="expert-spec-error" className="group-error">
            {fieldText(specializationError)}
          </p>
        )}
      </fieldset>
      <fieldset className="form">
        <legend>{t('admin.experts.chat')}</legend>
        <ChatQueueField
          label={t('admin.experts.queue')}
          hint={t('admin.experts.queueHint')}
          queues={queues.data}
          value={input.chatQueueId}
          onChange={(v) => set('chatQueueId', v)}
          error={errors.chatQueueId}
          required={!input.autoCreateChat}
        />
        {expert?.personalQueueId ? (
          <p className="hint">
            {t('admin.experts.personalQueue')}: <code>{expert.personalQueueId}</code>
          </p>
        ) : (
          <CheckboxField
            label={t('admin.experts.autoCreate')}
            hint={t('admin.experts.autoCreateHint')}
            checked={input.autoCreateChat === true}
            onChange={(v) => set('autoCreateChat', v)}
          />
        )}
        {expert && (
          <p className="hint">
            {t('admin.experts.chatUser')}: <code>{expert.chatUserId}</code>
          </p>
        )}
      </fieldset>
      <fieldset className="form">
        <legend>{t('presence.admin.limitLegend')}</legend>
        <TextField
          label={t('presence.admin.maxChats')}
          hint={t('presence.admin.maxChatsHint')}
          type="number"
          inputMode="numeric"
          min="1"
          value={input.maxConcurrentChats == null ? '' : String(input.maxConcurrentChats)}
          onChange={(v) => set('maxConcurrentChats', v.trim() === '' ? null : Number(v))}
          error={errors.maxConcurrentChats}
        />
        <CheckboxField
          label={t('presence.admin.shiftLead')}
          hint={t('presence.admin.shiftLeadHint')}
          checked={input.shiftLead === true}
          onChange={(v) => set('shiftLead', v)}
        />
      </fieldset>
      {!expert && <p className="hint">{t('admin.users.registrationNote')}</p>}
    </FormModal>
  );
}
