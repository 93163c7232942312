import { useState, type FormEvent } from 'react';
import {
  expiryDateForPreset,
  localDateAt,
  ZCodeGroupUpdate,
  type CodeGroup,
  type CodeGroupTargetKind,
  type CodeGroupUpdate,
} from '@prsp/contracts';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey } from '@/lib/form-errors';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { formatDate } from '@/lib/format';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useSaveCodeGroup, type CodeGroupCreate } from './chat-codes-api';
import { CODE_GROUP_TARGETS, type TargetChoice } from './code-group-targets';
import { chatCodeDateErrors, correctedDateErrors, EXPIRY_CHOICES, type ExpiryChoice } from './expiry-presets';
import { FormModal } from '@/components/ui/form-modal';

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

/** A stored group as the modal edits it. */
export type EditedCodeGroup = Pick<CodeGroup, 'id' | 'name' | 'totalCodes' | 'usesPerCode' | 'startDate' | 'expiryDate' | 'target'>;

const targetIdOf = (target: CodeGroup['target']) => (target.kind === 'service' ? target.serviceId : target.subcategoryId);

/**
 * Create a code group (spec §3, §4 presets, §5 rules), or correct one: its name, uses per code, what its codes open
 * and when they are valid (issue 28; the number of codes stays). One modal for chat codes (a service) and message
 * codes (a subcategory), each with its own texts, target choice and schema (code-group-targets.ts). Each preset
 * shows the date it gives, so the admin sees what 'six months from now' means today. Mounted for each opening, so
 * its save starts without the last one's result.
 */
export function CodeGroupModal({
  kind,
  group,
  choice,
  onClose,
}: {
  kind: CodeGroupTargetKind;
  group?: EditedCodeGroup;
  /** What a new group's codes may open, loaded by the page. */
  choice: TargetChoice;
  onClose: () => void;
}) {
  const { texts, createSchema } = CODE_GROUP_TARGETS[kind];
  const save = useSaveCodeGroup(kind);
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const [today] = useState(() => localDateAt(new Date()));
  // An edit corrects the group with the update schema; a new group is checked with its target's schema.
  const editForm = useZodForm<Form, CodeGroupCreate | CodeGroupUpdate>({
    schema: group ? ZCodeGroupUpdate : createSchema,
    defaultValues: {
      name: group?.name ?? '',
      target: group ? targetIdOf(group.target) : '',
      totalCodes: group ? String(group.totalCodes) : '',
      usesPerCode: group ? String(group.usesPerCode) : '1',
      startDate: group?.startDate ?? today,
      choice: group ? (group.expiryDate ? 'date' : 'noExpirationDate') : 'sixMonthsFromNow',
      expiryDate: group?.expiryDate ?? '',
    },
    toBody: (form) => {
      const terms = {
        name: form.name,
        [choice.field]: form.target,
        usesPerCode: toNumber(form.usesPerCode),
        startDate: form.startDate,
        ...(form.choice === 'date' ? { expiryDate: form.expiryDate } : { expiryPreset: form.choice }),
      };
      return group ? (terms as CodeGroupUpdate) : ({ ...terms, totalCodes: toNumber(form.totalCodes) } as CodeGroupCreate);
    },
    rules: (form, _body, found) => ({
      ...found,
      ...(group ? correctedDateErrors(form, group, today) : chatCodeDateErrors(form, today)),
    }),
  });
  const { values: form, errors } = editForm;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    // Errors are keyed by the schema's paths: the target's is the service's or the subcategory's field.
    editForm.set(key, value as never, key === 'target' ? choice.field : key);
    if (key === 'choice') editForm.clear('expiryDate');
  };

  const submit = (e: FormEvent) =>
    editForm.submit(e, (checked) =>
      save.mutate(
        // A new group is sent as its schema reads it.
        { id: group?.id, body: group ? checked : createSchema.parse(checked) },
        {
          onSuccess: () => {
            showToast(t(group ? texts.saved : texts.created));
            onClose();
          },
          onError: editForm.showServerErrors,
        },
      ),
    );

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
      title={t(group ? texts.editTitle : texts.addTitle)}
      dirty={editForm.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(group ? 'staff.save' : texts.create)}
      busy={save.isPending}
    >
      <div className="form-grid">
        <TextField label={t('admin.chatCodes.name')} value={form.name} onChange={(v) => set('name', v)} error={errors.name} required />
        <SelectField
          label={choice.label}
          hint={choice.hint}
          value={form.target}
          placeholder={choice.placeholder}
          onChange={(v) => set('target', v)}
          error={errors[choice.field]}
          options={choice.options}
          required
        />
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
        <TextField
          label={t('admin.chatCodes.startDate')}
          type="date"
          min={group ? undefined : today}
          value={form.startDate}
          onChange={(v) => set('startDate', v)}
          error={errors.startDate}
          required
        />
      </div>
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
    </FormModal>
  );
}
