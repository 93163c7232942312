import type { CodeGroup, CodeItem, Language } from '@prsp/contracts';
import { toCsv } from '../../platform/csv';

/** The byte order mark: without it Excel reads the UTF-8 file as Windows-1252 and breaks ä, ö and å. */
const BOM = '\uFEFF';

/** Finnish and Swedish spreadsheets use the decimal comma, so they expect `;` between fields. */
export const CHAT_CODE_CSV_SEPARATOR = ';';

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

/** A local date (`YYYY-MM-DD`) as spreadsheets of that language read a date: 1.2.2026 in fi and sv, ISO in en. */
export function csvDate(date: string, lang: Language): string {
  if (lang === 'en') return date;
  const [y, m, d] = date.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

/**
 * The codes of a group as a download for spreadsheets: UTF-8 with a BOM, `;`-separated (RFC 4180 otherwise),
 * headers in the admin's language, and on every row the group's name and validity, so a printed or filtered
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
  return BOM + toCsv(texts.header, rows, CHAT_CODE_CSV_SEPARATOR);
}
