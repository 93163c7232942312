import { describe, expect, test } from 'vitest';
import { chatCodesCsv } from './chat-codes-csv';

const group = { name: 'Fysioterapia; kevät', startDate: '2026-02-01', expiryDate: '2026-12-31' };
const codes = [
  { code: 'ABCDEFGH23', useCount: 0, usesPerCode: 1 },
  { code: 'JKLMNPQR45', useCount: 1, usesPerCode: 1 },
];

describe('chatCodesCsv', () => {
  test('starts with a UTF-8 BOM, separates with ; and quotes a value that holds one', () => {
    const csv = chatCodesCsv(group, codes, 'fi');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Koodi;Ryhmä;Voimassa alkaen;Voimassa asti;Käyttökerrat;Käyttökertoja koodia kohden');
    expect(lines[1]).toBe('ABCDEFGH23;"Fysioterapia; kevät";1.2.2026;31.12.2026;0;1');
    expect(lines[2]).toBe('JKLMNPQR45;"Fysioterapia; kevät";1.2.2026;31.12.2026;1;1');
    expect(lines[3]).toBe('');
  });

  test('headers and dates in the admin’s language; a group without expiry says so', () => {
    const open = { ...group, name: 'Ryhmä', expiryDate: null };
    expect(chatCodesCsv(open, codes.slice(0, 1), 'se').slice(1)).toBe(
      'Kod;Grupp;Giltig från;Giltig till;Använd;Användningar per kod\r\nABCDEFGH23;Ryhmä;1.2.2026;Inget slutdatum;0;1\r\n',
    );
    expect(chatCodesCsv(open, codes.slice(0, 1), 'en').slice(1)).toBe(
      'Code;Group;Valid from;Valid until;Used;Uses per code\r\nABCDEFGH23;Ryhmä;2026-02-01;No expiry date;0;1\r\n',
    );
  });

  test('a group name that looks like a formula is defused', () => {
    expect(chatCodesCsv({ ...group, name: '=cmd()' }, codes.slice(0, 1), 'en')).toContain(";'=cmd();");
  });
});
