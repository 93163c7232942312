import { describe, expect, test } from 'vitest';
import { cityList, municipalities, municipalityByCode, parseCsv, parseMunicipalities } from './municipalities';
import { countryList, isCountryCode } from './countries';

describe('parseCsv', () => {
  test('plain fields, LF and CRLF line ends, no trailing newline', () => {
    expect(parseCsv('a,b\r\n1,2\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  test('quoted fields keep commas, line breaks and doubled quotes', () => {
    expect(parseCsv('code,name\n"001","Pori, ""Björneborg""\nrivi"\n')).toEqual([
      ['code', 'name'],
      ['001', 'Pori, "Björneborg"\nrivi'],
    ]);
  });

  test('a leading byte-order mark is dropped, so the first header is found by name', () => {
    const rows = parseCsv('\uFEFFcode,name_fi,name_sv\r\n049,Espoo,Esbo\r\n');
    expect(rows[0]![0]).toBe('code');
    expect(parseMunicipalities('\uFEFFcode,name_fi,name_sv\r\n049,Espoo,Esbo\r\n')).toEqual([
      { code: '049', nameFi: 'Espoo', nameSv: 'Esbo' },
    ]);
  });

  test('empty fields and blank lines', () => {
    expect(parseCsv('a,,c\n\n,b,\n')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  test('an unterminated quote is an error, not a silent truncation', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/quoted/);
  });
});

describe('parseMunicipalities', () => {
  test('finds the columns by name in any order', () => {
    expect(parseMunicipalities('name_sv,x,code,name_fi\nÅbo,1,853,Turku\n')).toEqual([{ code: '853', nameFi: 'Turku', nameSv: 'Åbo' }]);
  });

  test('a file without a needed column is refused', () => {
    expect(() => parseMunicipalities('code,name_fi\n049,Espoo\n')).toThrow(/name_sv/);
  });
});

describe('the bundled municipality list', () => {
  test('all 309 municipalities load, with three-digit codes and both names', () => {
    const list = municipalities();
    expect(list).toHaveLength(309);
    expect(new Set(list.map((m) => m.code)).size).toBe(309);
    for (const m of list) {
      expect(m.code).toMatch(/^\d{3}$/);
      expect(m.nameFi.length).toBeGreaterThan(1);
      expect(m.nameSv.length).toBeGreaterThan(1);
    }
    expect(municipalityByCode('091')).toEqual({ code: '091', nameFi: 'Helsinki', nameSv: 'Helsingfors' });
    expect(municipalities()).toBe(list);
  });

  test('city lists sort by the requested language with Finnish collation', () => {
    expect(
      cityList('fi')
        .slice(0, 2)
        .map((c) => c.name),
    ).toEqual(['Akaa', 'Alajärvi']);
    expect(cityList('se').at(-1)?.name).toBe('Övertorneå');
    expect(cityList('en').find((c) => c.id === '049')).toEqual({
      id: '049',
      name: 'Espoo',
      cityName: { fi: 'Espoo', se: 'Esbo', en: 'Espoo' },
    });
  });
});

describe('countries', () => {
  test('every ISO country with three names; lower-case codes are recognised', () => {
    expect(countryList().length).toBeGreaterThanOrEqual(249);
    expect(isCountryCode('fi')).toBe(true);
    expect(isCountryCode('FI')).toBe(false);
    expect(isCountryCode('zz')).toBe(false);
  });
});
