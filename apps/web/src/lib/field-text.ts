import { useTranslation } from './i18n';

/**
 * Turns a message key into text: first the shared catalogue (`fields.*`, the server's keys, from the contracts),
 * then the staff apps' own texts. Server keys arrive as `fields.name`; client rules give bare `name`.
 */
export function useFieldText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (keyWithValues) => {
    if (!keyWithValues) return undefined;
    const { key, values } = splitValues(keyWithValues);
    const bare = key.replace(/^fields\./, '');
    if (i18n.exists(`fields.${bare}`)) return t(`fields.${bare}`, values);
    if (i18n.exists(`staffFields.${bare}`)) return t(`staffFields.${bare}`, values);
    return t('fields.invalid');
  };
}

/**
 * A field error is a message key (a string, so forms keep one shape); a message that names values, such as the
 * uploaded image's size, carries them after the key as a query: `imageSizeWas?width=255&height=128`.
 */
export function withValues(key: string, values: Record<string, string | number>): string {
  return `${key}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** The key and the values of `withValues`; a plain key has none. */
export function splitValues(keyWithValues: string): { key: string; values: Record<string, string> } {
  const at = keyWithValues.indexOf('?');
  if (at < 0) return { key: keyWithValues, values: {} };
  return { key: keyWithValues.slice(0, at), values: Object.fromEntries(new URLSearchParams(keyWithValues.slice(at + 1))) };
}
