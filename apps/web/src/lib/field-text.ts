import { useTranslation } from 'react-i18next';

/**
 * Turns a message key into text: first the shared catalogue (`fields.*`, the server's keys, from the contracts),
 * then the staff apps' own texts. Server keys arrive as `fields.name`; client rules give bare `name`.
 */
export function useFieldText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (key) => {
    if (!key) return undefined;
    const bare = key.replace(/^fields\./, '');
    if (i18n.exists(`fields.${bare}`)) return t(`fields.${bare}`);
    if (i18n.exists(`staffFields.${bare}`)) return t(`staffFields.${bare}`);
    return t('fields.invalid');
  };
}
