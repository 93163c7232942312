import { useFieldText } from '@/lib/field-text';
import { useTranslation } from '@/lib/i18n';

/**
 * Field errors of the messaging forms as text: the messaging contracts' own keys (`messageRequired`) are not in the
 * shared field catalogue, so the expert texts carry them; every other key reads as in any staff form.
 */
export function useMessageFieldText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const fieldText = useFieldText();
  return (key) => {
    const bare = key?.replace(/^fields\./, '');
    if (bare && i18n.exists(`expert.messages.fieldErrors.${bare}`)) return t(`expert.messages.fieldErrors.${bare}`);
    return fieldText(key);
  };
}
