import { expect, test } from 'vitest';
import { actionLogCsv } from './action-log-csv';

const row = {
  at: new Date('2026-01-02T03:04:05Z'),
  action: 'staff.login',
  objectType: 'session',
  objectId: 's1',
  onBehalfOf: null,
  ip: '127.0.0.1',
};

test('the action log opens in a Finnish spreadsheet: BOM, `;`, headers in Finnish, Helsinki time', () => {
  expect(actionLogCsv([row], 'fi')).toBe(
    '\uFEFFAika;Toiminto;Kohteen tyyppi;Kohde;Kenen puolesta;Osoite\r\n2.1.2026 05:04;staff.login;session;s1;;127.0.0.1\r\n',
  );
});

test('and in the admin’s language otherwise', () => {
  expect(actionLogCsv([row], 'se').split('\r\n')[0]).toBe('\uFEFFTid;Åtgärd;Objekttyp;Objekt;För vems räkning;Adress');
  expect(actionLogCsv([row], 'en').split('\r\n')[1]).toBe('2026-01-02 05:04;staff.login;session;s1;;127.0.0.1');
});
