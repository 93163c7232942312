import { readFileSync } from 'node:fs';
import type { City, Language, Localized } from '@prsp/contracts';
import { serverPath } from '../../server-files';

export type Municipality = { code: string; nameFi: string; nameSv: string };

/**
 * Parses CSV text (RFC 4180: comma-separated, fields optionally in double quotes, `""` for a quote
 * inside quotes, CRLF or LF line ends) into rows of fields. A leading byte-order mark is dropped,
 * as spreadsheet exports often carry one. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (src[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') endRow();
    else if (ch !== '\r') field += ch;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Reads municipalities from CSV with at least the columns code, name_fi and name_sv (in any order). */
export function parseMunicipalities(text: string): Municipality[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const col = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`municipality CSV lacks the column ${name}`);
    return index;
  };
  const [code, fi, sv] = [col('code'), col('name_fi'), col('name_sv')];
  return rows.map((r) => ({ code: r[code]!.trim(), nameFi: r[fi]!.trim(), nameSv: r[sv]!.trim() }));
}

// Statistics Finland's 2021 classification (309 municipalities), via Yleisradio's public data set.
const CSV_FILE = serverPath('src/modules/directory/data/finnish-municipalities.csv');
let cache: { list: Municipality[]; byCode: Map<string, Municipality> } | undefined;

function load() {
  if (!cache) {
    const list = parseMunicipalities(readFileSync(CSV_FILE, 'utf8'));
    cache = { list, byCode: new Map(list.map((m) => [m.code, m])) };
  }
  return cache;
}

/** Every Finnish municipality, read from the bundled file once per process. */
export function municipalities(): readonly Municipality[] {
  return load().list;
}

export function municipalityByCode(code: string): Municipality | undefined {
  return load().byCode.get(code);
}

/** A municipality's name in the product's languages: Swedish for `se`; English uses the Finnish name. */
export function municipalityNames(m: Municipality): Localized {
  return { fi: m.nameFi, se: m.nameSv, en: m.nameFi };
}

const collator = new Intl.Collator('fi');

/** Sorts by a name with Finnish collation (å, ä and ö after z). */
export function byFinnishName<T>(items: T[], name: (item: T) => string): T[] {
  return items.sort((a, b) => collator.compare(name(a), name(b)));
}

const citiesByLanguage = new Map<Language, City[]>();

/** Spec §3 'City' list in one language: id = municipality code, name in that language, all names in cityName. */
export function cityList(lang: Language): City[] {
  let list = citiesByLanguage.get(lang);
  if (!list) {
    const cities = municipalities().map((m) => {
      const cityName = municipalityNames(m);
      return { id: m.code, name: cityName[lang], cityName };
    });
    list = byFinnishName(cities, (c) => c.name);
    citiesByLanguage.set(lang, list);
  }
  return list;
}
