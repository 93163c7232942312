import { describe, expect, test } from 'vitest';
import type { AuditSearchRow } from '@prsp/contracts';
import { hasReadWords, readWords, removedReaderWords, roleWords } from './access-log-words';
import { auditSearchCsv } from './audit-search-csv';

describe("the patient's access log in words", () => {
  test('a read in the patient’s own words, in each language; an unknown action is still a use of their data, never a code', () => {
    expect(['fi', 'se', 'en'].map((lang) => readWords('appointment.read', lang as 'fi'))).toEqual([
      'avasi ajanvarauksesi',
      'öppnade din bokning',
      'opened your appointment',
    ]);
    expect(readWords('chat.messages', 'en')).toBe('read your chat messages');
    expect(hasReadWords('something.new')).toBe(false);
    expect(readWords('something.new', 'fi')).toBe('käytti tietojasi');
  });

  test("an expert's role is their titles when they have names, else the role; an API client is a system", () => {
    expect(roleWords('expert', 'fi', ['Sairaanhoitaja', 'Terveydenhoitaja'])).toBe('Sairaanhoitaja, Terveydenhoitaja');
    expect(roleWords('expert', 'se')).toBe('Expert');
    expect(roleWords('admin', 'fi')).toBe('Pääkäyttäjä');
    expect(roleWords('apiClient', 'en')).toBe('Information system (API)');
    expect(roleWords(null, 'fi')).toBe('');
    expect(removedReaderWords('se')).toBe('Borttagen användare');
  });
});

describe('the audit log search as CSV', () => {
  const row: AuditSearchRow = {
    id: '1',
    at: '2026-03-16T08:00:00.000Z',
    actorType: 'staff',
    actorName: 'Eeva Asiantuntija',
    role: 'expert',
    roleText: 'Asiantuntija',
    action: 'appointment.read',
    actionText: 'Katsoi ajanvarausta',
    objectType: 'appointment',
    objectTypeText: 'Aika',
    objectId: 'a-1',
    patient: { id: 'p-1', name: '=Matti; Korhonen' },
  };

  test('BOM, semicolons, headers in the language, Helsinki wall clock, and a name that looks like a formula defused', () => {
    const csv = auditSearchCsv([row, { ...row, patient: null }], 'fi');
    expect(csv.startsWith('\uFEFFAika;Tekijä;Rooli;Toiminto;Kohteen tyyppi;Kohde;Potilas\r\n')).toBe(true);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `16.3.2026 10:00;Eeva Asiantuntija;Asiantuntija;Katsoi ajanvarausta;Aika;a-1;"'=Matti; Korhonen"`,
      '16.3.2026 10:00;Eeva Asiantuntija;Asiantuntija;Katsoi ajanvarausta;Aika;a-1;',
    ]);
    expect(auditSearchCsv([], 'en')).toBe('\uFEFFTime;Who;Role;Action;Object type;Object;Patient\r\n');
  });
});
