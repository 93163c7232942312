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

test('the action log opens in a Finnish spreadsheet: BOM, `;`, headers and values in Finnish, Helsinki time', () => {
  expect(actionLogCsv([row], 'fi')).toBe(
    '\uFEFFAika;Toiminto;Kohteen tyyppi;Kohde;Kenen puolesta;Osoite\r\n2.1.2026 05:04;Kirjautui sisään;Istunto;s1;;127.0.0.1\r\n',
  );
});

test('and in the admin’s language otherwise', () => {
  expect(actionLogCsv([row], 'se')).toBe(
    '\uFEFFTid;Åtgärd;Objekttyp;Objekt;För vems räkning;Adress\r\n2.1.2026 05:04;Loggade in;Session;s1;;127.0.0.1\r\n',
  );
  expect(actionLogCsv([row], 'en').split('\r\n')[1]).toBe('2026-01-02 05:04;Signed in;Session;s1;;127.0.0.1');
});

test('actions and object types are words, not audit codes', () => {
  const lines = (lang: 'fi' | 'se' | 'en') =>
    actionLogCsv(
      [
        { ...row, action: 'chat.identityCode', objectType: 'chatChannel' },
        { ...row, action: 'messageCodes.groupUpdate', objectType: 'messageCodeGroup' },
      ],
      lang,
    ).split('\r\n');
  expect(lines('fi')[1]).toContain(';Näytti potilaan koko henkilötunnuksen;Chat;');
  expect(lines('fi')[2]).toContain(';Muokkasi viestikoodiryhmää;Viestikoodiryhmä;');
  expect(lines('se')[2]).toContain(';Ändrade en grupp meddelandekoder;Grupp meddelandekoder;');
  expect(lines('en')[1]).toContain(';Showed the patient’s full identity code;Chat;');
});

test('an action or object type without words yet stays as its code; a missing object type is an empty cell', () => {
  const csv = actionLogCsv(
    [
      { ...row, action: 'future.thing', objectType: 'gadget' },
      { ...row, objectType: null },
    ],
    'fi',
  );
  expect(csv.split('\r\n')[1]).toBe('2.1.2026 05:04;future.thing;gadget;s1;;127.0.0.1');
  expect(csv.split('\r\n')[2]).toBe('2.1.2026 05:04;Kirjautui sisään;;s1;;127.0.0.1');
});
