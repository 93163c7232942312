import { describe, expect, test } from 'vitest';
import { csvDate, csvDateTime, csvField, spreadsheetCsv, toCsv } from './csv';

describe('csvField (RFC 4180)', () => {
  test('plain values as they are; empty for null', () => {
    expect(csvField('staff.login')).toBe('staff.login');
    expect(csvField(null)).toBe('');
  });
  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });
  test('a leading formula character is defused for spreadsheets', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });
});

test('toCsv ends every record with CRLF', () => {
  expect(toCsv(['a', 'b'], [['1', null]])).toBe('a,b\r\n1,\r\n');
});

describe('spreadsheet downloads', () => {
  test('UTF-8 with a BOM, `;` between fields, a value holding `;` quoted', () => {
    expect(spreadsheetCsv(['Nimi', 'Määrä'], [['Åsa; Öhman', '2']])).toBe('\uFEFFNimi;Määrä\r\n"Åsa; Öhman";2\r\n');
  });

  test('csvDate: d.m.yyyy for fi and sv, ISO for en', () => {
    expect(csvDate('2026-03-09', 'fi')).toBe('9.3.2026');
    expect(csvDate('2026-03-09', 'se')).toBe('9.3.2026');
    expect(csvDate('2026-03-09', 'en')).toBe('2026-03-09');
  });

  test('csvDateTime: the Helsinki wall clock, summer time included', () => {
    expect(csvDateTime(Date.UTC(2026, 2, 16, 8, 0), 'fi')).toBe('16.3.2026 10:00');
    expect(csvDateTime(Date.UTC(2026, 6, 1, 7, 5), 'en')).toBe('2026-07-01 10:05');
  });
});
