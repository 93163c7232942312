import { describe, expect, test } from 'vitest';
import { BOOKING_STATUSES, FIELD_MESSAGES } from '@prsp/contracts';
import en from '../../../locales/en/admin.json';
import fi from '../../../locales/fi/admin.json';
import sv from '../../../locales/sv/admin.json';
import { statusLabel } from './booking-filters';

/** The booking screens' sources, read as text: every key they show must exist in fi, sv and en. */
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });

function lookup(texts: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
}
const has = (texts: object, key: string) => lookup(texts, key) !== undefined || lookup(texts, `${key}_one`) !== undefined;

describe('booking screen texts', () => {
  const literal = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/['`](admin\.(?:bookings|bookingSettings|menu)\.[a-zA-Z.]+[a-zA-Z])['`]/g)) literal.add(m[1]!);
  }
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
    const missing = [fi, sv, en].flatMap((texts, i) =>
      keys.filter((key) => !has(texts, key)).map((key) => `${['fi', 'sv', 'en'][i]}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  test('the rules shared with the server use the shared field texts', () => {
    for (const key of ['duplicate', 'ssn', 'chatId', 'timeslot', 'beforeStart', 'pastDate', 'date', 'required', 'email']) {
      expect(FIELD_MESSAGES).toHaveProperty(key);
    }
  });

  test('the three languages have the same booking keys', () => {
    const flat = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
        : [prefix.replace(/_(one|other)$/, '')];
    const keysOf = (texts: typeof en) =>
      [...new Set([...flat(texts.admin.bookings), ...flat(texts.admin.bookingSettings, 'settings')])].sort();
    expect(keysOf(fi)).toEqual(keysOf(en));
    expect(keysOf(sv)).toEqual(keysOf(en));
  });
});
