import type { CodeGroup, CodeItem, Language } from '@prsp/contracts';
import { csvDate, spreadsheetCsv } from '../../platform/csv';

const TEXTS: Record<Language, { header: readonly string[]; noExpiry: string }> = {
  fi: {
    header: ['Koodi', 'Ryhmä', 'Voimassa alkaen', 'Voimassa asti', 'Käyttökerrat', 'Käyttökertoja koodia kohden'],
    noExpiry: 'Ei päättymispäivää',
  },
  se: {
    header: ['Kod', 'Grupp', 'Giltig från', 'Giltig till', 'Använd', 'Användningar per kod'],
    noExpiry: 'Inget slutdatum',
  },
  en: {
    header: ['Code', 'Group', 'Valid from', 'Valid until', 'Used', 'Uses per code'],
    noExpiry: 'No expiry date',
  },
};

/**
 * The codes of a group as a download for spreadsheets (`spreadsheetCsv`): headers in the admin's language, and on every row the group's name and validity, so a printed or filtered
 * sheet still tells which codes belong together and when they work.
 */
export function chatCodesCsv(
  group: Pick<CodeGroup, 'name' | 'startDate' | 'expiryDate'>,
  codes: readonly Pick<CodeItem, 'code' | 'useCount' | 'usesPerCode'>[],
  lang: Language,
): string {
  const texts = TEXTS[lang];
  const from = csvDate(group.startDate, lang);
  const until = group.expiryDate ? csvDate(group.expiryDate, lang) : texts.noExpiry;
  const rows = codes.map((c) => [c.code, group.name, from, until, String(c.useCount), String(c.usesPerCode)]);
  return spreadsheetCsv(texts.header, rows);
}
