import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { expiryDateForPreset, ZChatCodeGroupCreate, ZChatCodeGroupUpdate, type ChatCodeGroup, type ChatCodeService } from '@prsp/contracts';
import { useFieldText } from '../../../lib/field-text';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../components/ui/toasts';
import type { FieldErrors } from '../../../lib/validation';
import { currentLanguage } from '../../../lib/i18n';
import { useSaveChatCodeGroup } from './chat-codes-api';
import { chatCodeDateErrors, EXPIRY_CHOICES, localToday, type ExpiryChoice } from './expiry-presets';
import { FormModal } from '../../../components/ui/form-modal';

type Form = {
  name: string;
  serviceId: string;
  totalCodes: string;
  usesPerCode: string;
  startDate: string;
  choice: ExpiryChoice;
  expiryDate: string;
};

const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/**
 * Create a chat code group (spec §3, §4 presets, §5 rules), or rename one and change its uses per code.
 * Each preset shows the date it gives, so the admin sees what 'six months from now' means today.
 */
export function ChatCodeGroupModal({
  group,
  services,
  onClose,
}: {
  group?: ChatCodeGroup;
  services: ChatCodeService[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const save = useSaveChatCodeGroup();
  const [today] = useState(() => localToday(new Date()));
  const [initial] = useState<Form>(() => ({
    name: group?.name ?? '',
    serviceId: group?.serviceId ?? '',
    totalCodes: group ? String(group.totalCodes) : '',
    usesPerCode: group ? String(group.usesPerCode) : '1',
    startDate: group?.startDate ?? today,
    choice: 'sixMonthsFromNow',
    expiryDate: '',
  }));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'choice' ? { expiryDate: undefined } : {}) }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let found: FieldErrors;
    let body;
    if (group) {
      body = { name: form.name, usesPerCode: toNumber(form.usesPerCode) };
      found = schemaErrors(ZChatCodeGroupUpdate, body);
    } else {
      body = {
        name: form.name,
        serviceId: form.serviceId,
        totalCodes: toNumber(form.totalCodes),
        usesPerCode: toNumber(form.usesPerCode),
        startDate: form.startDate,
        ...(form.choice === 'date' ? { expiryDate: form.expiryDate } : { expiryPreset: form.choice }),
      };
      found = { ...schemaErrors(ZChatCodeGroupCreate, body), ...chatCodeDateErrors(form, today) };
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: group?.id, body },
      {
        onSuccess: () => {
          showToast(t(group ? 'admin.chatCodes.saved' : 'admin.chatCodes.created'));
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  const failureKey = saveFailureKey(save.error);
  const choiceLabel = (choice: ExpiryChoice) => {
    if (choice === 'date' || choice === 'noExpirationDate') return t(`admin.chatCodes.presets.${choice}`);
    return t('admin.chatCodes.presetWithDate', {
      preset: t(`admin.chatCodes.presets.${choice}`),
      date: formatDate(expiryDateForPreset(choice, today), lang),
    });
  };

  return (
    <FormModal
      title={t(group ? 'admin.chatCodes.editTitle' : 'admin.chatCodes.addTitle')}
      dirty={JSON.stringify(form) !== JSON.stringify(initial) && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(group ? 'staff.save' : 'admin.chatCodes.create')}
      busy={save.isPending}
    >
      <div className="form-grid">
        <TextField label={t('admin.chatCodes.name')} value={form.name} onChange={(v) => set('name', v)} error={errors.name} required />
        {!group && (
          <SelectField
            label={t('admin.chatCodes.service')}
            value={form.serviceId}
            placeholder={t('admin.chatCodes.chooseService')}
            onChange={(v) => set('serviceId', v)}
            error={errors.serviceId}
            options={services.map((s) => ({
              value: s.id,
              label: s.name[lang] + (s.requiresCode ? '' : ` (${t('admin.chatCodes.openService')})`),
            }))}
            required
          />
        )}
        {!group && (
          <TextField
            label={t('admin.chatCodes.totalCodes')}
            type="number"
            min="1"
            inputMode="numeric"
            value={form.totalCodes}
            onChange={(v) => set('totalCodes', v)}
            error={errors.totalCodes}
            required
          />
        )}
        <TextField
          label={t('admin.chatCodes.usesPerCode')}
          type="number"
          min="1"
          inputMode="numeric"
          value={form.usesPerCode}
          onChange={(v) => set('usesPerCode', v)}
          error={errors.usesPerCode}
          required
        />
        {!group && (
          <TextField
            label={t('admin.chatCodes.startDate')}
            type="date"
            min={today}
            value={form.startDate}
            onChange={(v) => set('startDate', v)}
            error={errors.startDate}
            required
          />
        )}
      </div>
      {!group && (
        <fieldset aria-describedby={errors.expiryPreset ? 'expiry-error' : undefined}>
          <legend>{t('admin.chatCodes.expiry')}</legend>
          {EXPIRY_CHOICES.map((choice) => (
            <label key={choice} className="check">
              <input type="radio" name="expiry" value={choice} checked={form.choice === choice} onChange={() => set('choice', choice)} />
              <span>{choiceLabel(choice)}</span>
            </label>
          ))}
          {form.choice === 'date' && (
            <TextField
              label={t('admin.chatCodes.expiryDate')}
              type="date"
              min={form.startDate || today}
              value={form.expiryDate}
              onChange={(v) => set('expiryDate', v)}
              error={errors.expiryDate}
              required
            />
          )}
          {errors.expiryPreset && (
            <p id="expiry-error" className="group-error">
              {fieldText(errors.expiryPreset)}
            </p>
          )}
        </fieldset>
      )}
    </FormModal>
  );
}
