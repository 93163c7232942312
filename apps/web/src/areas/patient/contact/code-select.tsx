import { DEFAULT_COUNTRY, type Localized, languageTag } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldControlProps } from '@/components/ui/form-fields';

type Item = { code: string; name: Localized };

/** The name of a country code from the browser, for when the list cannot be loaded. */
function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A select of countries or nationalities by code, named and sorted in the current language. */
export function CodeSelect({
  control,
  items,
  value,
  onChange,
}: {
  control: FieldControlProps;
  items: Item[] | undefined;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const locale = languageTag(lang);
  // Until the list arrives (or if it fails) the current value and the default stay choosable.
  const list: { code: string; label: string }[] = items
    ? items.map((i) => ({ code: i.code, label: i.name[lang] }))
    : [...new Set([DEFAULT_COUNTRY, value].filter(Boolean))].map((code) => ({ code, label: regionName(code, locale) }));
  const collator = new Intl.Collator(locale);
  list.sort((a, b) => collator.compare(a.label, b.label));
  return (
    <select {...control} value={value} onChange={onChange} required>
      <option value="">{t('contact.choose')}</option>
      {list.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
