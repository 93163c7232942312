import { describe, expect, test } from 'vitest';
import { csvField, toCsv } from './csv';

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
