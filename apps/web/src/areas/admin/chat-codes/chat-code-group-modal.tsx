import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  expiryDateForPreset,
  ZChatCodeGroupCreate,
  ZChatCodeGroupUpdate,
  type ChatCodeGroup,
  type ChatCodeGroupUpdate,
  type ChatCodeService,
} from '@prsp/contracts';
import { useFieldText } from '../../../lib/field-text';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import { SelectField, TextField, type Option } from '../../../components/ui/form-fields';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../components/ui/toasts';
import type { FieldErrors } from '../../../lib/validation';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useSaveChatCodeGroup } from './chat-codes-api';
import { chatCodeDateErrors, EXPIRY_CHOICES, localToday, type ExpiryChoice } from './expiry-presets';
import { FormModal } from '../../../components/ui/form-modal';

type Form = {
  name: string;
  /** The service (chat codes) or subcategory (message codes) the codes open. */
  target: string;
  totalCodes: string;
  usesPerCode: string;
  startDate: string;
  choice: ExpiryChoice;
  expiryDate: string;
};

const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** What a code group is for: the service of chat codes, the subcategory of message codes (spec §3 'Chat code group'). */
export type CodeGroupTarget = {
  field: 'serviceId' | 'subcategoryId';
  label: string;
  placeholder: string;
  options: Option[];
  /** Why there is nothing to choose, for example. */
  hint?: string;
};

/** A stored group as the modal edits it. */
export type EditedCodeGroup = { id: string; name: string; totalCodes: number; usesPerCode: number; startDate: string };

type SaveCodeGroup<Create> = Pick<
  UseMutationResult<unknown, Error, { id?: string; body: Create | ChatCodeGroupUpdate }>,
  'mutate' | 'isPending' | 'isSuccess' | 'error'
>;

/**
 * Create a code group (spec §3, §4 presets, §5 rules), or rename one and change its uses per code: chat codes for a
 * service and message codes for a subcategory share it, each with its own texts (`textKey`), schema and save.
 * Each preset shows the date it gives, so the admin sees what 'six months from now' means today.
 */
export function CodeGroupModal<Create>({
  group,
  target,
  textKey,
  createSchema,
  save,
  onClose,
}: {
  group?: EditedCodeGroup;
  target: CodeGroupTarget;
  /** Where the title, button and toast texts are: `addTitle`, `editTitle`, `create`, `created`, `saved`. */
  textKey: 'admin.chatCodes' | 'admin.messageCodes';
  createSchema: z.ZodMiniType<Create>;
  /** The save, made by the caller's wrapper so that each opening starts without the last one's result. */
  save: SaveCodeGroup<Create>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const [today] = useState(() => localToday(new Date()));
  const [initial] = useState<Form>(() => ({
    name: group?.name ?? '',
    target: '',
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
    // Errors are keyed by the schema's paths: the target's is the service's or the subcategory's field.
    const path = key === 'target' ? target.field : key;
    setErrors((e) => ({ ...e, [path]: undefined, ...(key === 'choice' ? { expiryDate: undefined } : {}) }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let found: FieldErrors;
    let body: Create | ChatCodeGroupUpdate;
    if (group) {
      body = { name: form.name, usesPerCode: toNumber(form.usesPerCode) };
      found = schemaErrors(ZChatCodeGroupUpdate, body);
    } else {
      const raw = {
        name: form.name,
        [target.field]: form.target,
        totalCodes: toNumber(form.totalCodes),
        usesPerCode: toNumber(form.usesPerCode),
        startDate: form.startDate,
        ...(form.choice === 'date' ? { expiryDate: form.expiryDate } : { expiryPreset: form.choice }),
      };
      found = { ...schemaErrors(createSchema, raw), ...chatCodeDateErrors(form, today) };
      const parsed = createSchema.safeParse(raw);
      if (!parsed.success || Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
      body = parsed.data;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: group?.id, body },
      {
        onSuccess: () => {
          showToast(t(`${textKey}.${group ? 'saved' : 'created'}`));
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
      title={t(`${textKey}.${group ? 'editTitle' : 'addTitle'}`)}
      dirty={JSON.stringify(form) !== JSON.stringify(initial) && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(group ? 'staff.save' : `${textKey}.create`)}
      busy={save.isPending}
    >
      <div className="form-grid">
        <TextField label={t('admin.chatCodes.name')} value={form.name} onChange={(v) => set('name', v)} error={errors.name} required />
        {!group && (
          <SelectField
            label={target.label}
            hint={target.hint}
            value={form.target}
            placeholder={target.placeholder}
            onChange={(v) => set('target', v)}
            error={errors[target.field]}
            options={target.options}
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

/** `/admin/chatCodes`' modal: a group of chat codes for a service. */
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
  const lang = currentLanguage();
  const save = useSaveChatCodeGroup();
  return (
    <CodeGroupModal
      group={group}
      target={{
        field: 'serviceId',
        label: t('admin.chatCodes.service'),
        placeholder: t('admin.chatCodes.chooseService'),
        options: services.map((s) => ({
          value: s.id,
          label: s.name[lang] + (s.requiresCode ? '' : ` (${t('admin.chatCodes.openService')})`),
        })),
      }}
      textKey="admin.chatCodes"
      createSchema={ZChatCodeGroupCreate}
      save={save}
      onClose={onClose}
    />
  );
}
