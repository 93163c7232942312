import { describe, expect, test } from 'vitest';
import { csvDate, csvNumber, csvText, toCsv } from './statistics-csv';

describe('statistics CSV (Finnish spreadsheet conventions)', () => {
  test('a BOM first, `;` between fields, CRLF after every row, empty cells for nothing', () => {
    expect(
      toCsv([
        ['Päivä', 'Chatit', 'Odotus (min)'],
        ['01.03.2026', 6, 3.5],
        ['02.03.2026', '<5', null],
      ]),
    ).toBe('\uFEFFPäivä;Chatit;Odotus (min)\r\n01.03.2026;6;3,5\r\n02.03.2026;<5;\r\n');
  });

  test('numbers with a decimal comma, rounded, no thousands grouping; negative numbers stay numbers', () => {
    expect(csvNumber(2.5)).toBe('2,5');
    expect(csvNumber(1234.567)).toBe('1234,57');
    expect(csvNumber(6.333333, 1)).toBe('6,3');
    expect(csvNumber(-50)).toBe('-50');
    expect(csvNumber(0)).toBe('0');
    expect(toCsv([[-17]])).toBe('\uFEFF-17\r\n');
  });

  test('dates as dd.mm.yyyy', () => {
    expect(csvDate('2026-03-09')).toBe('09.03.2026');
    expect(csvDate('2026-12-31T22:00:00Z')).toBe('31.12.2026');
  });

  test('text with the separator, quotes or line breaks is quoted, quotes doubled', () => {
    expect(csvText('Hyvä; nopea')).toBe('"Hyvä; nopea"');
    expect(csvText('Sanoi "kiitos"')).toBe('"Sanoi ""kiitos"""');
    expect(csvText('rivi\ntoinen')).toBe('"rivi\ntoinen"');
    expect(csvText('1,5 tuntia')).toBe('1,5 tuntia');
  });

  test('text a spreadsheet would run as a formula stays text', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText('+358 40')).toBe("'+358 40");
    expect(csvText('-huono')).toBe("'-huono");
    expect(csvText('@x')).toBe("'@x");
  });
});
