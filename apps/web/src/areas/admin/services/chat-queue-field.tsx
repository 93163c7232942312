import type { ChatQueue } from '@prsp/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { withCurrent } from './queue-options';
import { useTranslation } from '@/lib/i18n';

/** The chat queue to choose for an expert or a service; the one already set stays choosable even if no longer listed. */
export function ChatQueueField({
  label,
  queues,
  value,
  onChange,
  error,
  hint,
  required = true,
}: {
  label: string;
  queues: readonly ChatQueue[] | undefined;
  value: string | undefined;
  onChange: (id: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      placeholder={t('admin.experts.chooseQueue')}
      onChange={onChange}
      error={error}
      hint={hint}
      options={withCurrent(queues ?? [], value).map((q) => ({
        value: q.id,
        label: q.name === q.id ? q.id : `${q.name} (${q.id})`,
      }))}
      required={required}
    />
  );
}
