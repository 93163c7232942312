import { describe, expect, test } from 'vitest';
import { BOOKING_STATUSES, FIELD_MESSAGES } from '@prsp/contracts';
import en from '@/locales/en/admin.json';
import fi from '@/locales/fi/admin.json';
import sv from '@/locales/sv/admin.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';
import { statusLabel } from './booking-filters';

/** Every key the booking screens name, of their own parts of the admin catalogue. */
const literal = new Set(
  keysNamedIn(sourcesIn(import.meta.dirname), 'admin').filter((key) => /^admin\.(bookings|bookingSettings|menu)\./.test(key)),
);

describe('booking screen texts', () => {
  // Keys built at run time, by the values they can take.
  const built = [
    ...BOOKING_STATUSES.map((s) => `admin.bookings.status.${statusLabel(s)}`),
    ...BOOKING_STATUSES.map((s) => `admin.bookings.filters.statuses.${s}`),
    ...['book', 'editSlot', 'deleteSlot', 'edit', 'cancel', 'delete'].flatMap((a) => [
      `admin.bookings.action.${a}`,
      `admin.bookings.actionNamed.${a}`,
    ]),
    ...['oneOnOne', 'group'].map((k) => `admin.bookings.kind.${k}`),
    ...['patient', 'expert', 'guest'].map((r) => `admin.bookings.role.${r}`),
    ...[1, 2, 3, 4, 5, 6, 7].map((d) => `admin.bookings.weekday.${d}`),
  ];
  const rules = ['pastTime', 'chooseExpert', 'chooseWeekday', 'toBeforeFrom', 'tooManyDays', 'slotLongerThanDay', 'breakOutsideDay'];

  test('every key the screens ask for exists in Finnish, Swedish and English', () => {
    expect(literal.size).toBeGreaterThan(50);
    const keys = [...literal, ...built, ...rules.map((r) => `admin.bookings.errors.${r}`)];
    expect(missingTexts(keys, { fi, sv, en })).toEqual([]);
  });

  test('the rules shared with the server use the shared field texts', () => {
    for (const key of ['duplicate', 'ssn', 'timeslot', 'beforeStart', 'pastDate', 'date', 'required', 'email']) {
      expect(FIELD_MESSAGES).toHaveProperty(key);
    }
  });

  test('the three languages have the same booking texts, none empty', () => {
    expectMatchingCatalogues(fi.admin.bookings, sv.admin.bookings, en.admin.bookings);
    expectMatchingCatalogues(fi.admin.bookingSettings, sv.admin.bookingSettings, en.admin.bookingSettings);
  });
});
