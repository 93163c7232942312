import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { ZCity, ZCountry, ZNationality, ZSpecialization, type City, type Country, type Specialization } from '@prsp/contracts';
import { experts, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expectError, okData, organisationBySlug } from '../patients/patient.steps';

let t: TestApp;
let guest: TestBrowser;
beforeAll(async () => {
  t = await startTestApp();
  guest = new TestBrowser(t.baseUrl);
});
afterAll(() => t.close());

describe('cities (public)', () => {
  test('all 309 municipalities in Finnish by default, sorted with Finnish collation', async () => {
    const cities = z.array(ZCity).parse(await okData(guest.fetch('/api/list/cities')));
    expect(cities).toHaveLength(309);
    expect(cities[0]).toEqual({ id: '020', name: 'Akaa', cityName: { fi: 'Akaa', se: 'Ackas', en: 'Akaa' } });
    // Å, Ä and Ö come after Z in Finnish.
    expect(cities.slice(-3).map((c) => c.name)).toEqual(['Ypäjä', 'Ähtäri', 'Äänekoski']);
    expect(cities.find((c) => c.id === '091')).toEqual({
      id: '091',
      name: 'Helsinki',
      cityName: { fi: 'Helsinki', se: 'Helsingfors', en: 'Helsinki' },
    });
    expect(await okData(guest.fetch('/api/list/cities/fi'))).toEqual(cities);
  });

  test.each(['se', 'sv', 'SV'])('%s gives Swedish names, sorted by them', async (lang) => {
    const cities = await okData<City[]>(guest.fetch(`/api/list/cities/${lang}`));
    expect(cities).toHaveLength(309);
    expect(cities.find((c) => c.id === '853')?.name).toBe('Åbo');
    expect(cities.slice(-2).map((c) => c.name)).toEqual(['Östermark', 'Övertorneå']);
  });

  test('en uses the Finnish names', async () => {
    const cities = await okData<City[]>(guest.fetch('/api/list/cities/en'));
    expect(cities.find((c) => c.id === '853')?.name).toBe('Turku');
  });

  test('an unknown language answers 400 naming lang', async () => {
    const body = await expectError(guest.fetch('/api/list/cities/de'), 400, 400);
    expect(body.fields).toEqual([expect.objectContaining({ field: 'lang', messageKey: 'fields.invalid' })]);
  });
});

describe('countries and nationalities (public)', () => {
  test.each(['countries', 'nationalities'])('%s: every ISO country, lower-case alpha-2, names in fi, se and en', async (list) => {
    const items = await okData<Country[]>(guest.fetch(`/api/list/${list}`));
    z.array(list === 'countries' ? ZCountry : ZNationality).parse(items);
    expect(items.length).toBeGreaterThanOrEqual(249);
    expect(new Set(items.map((c) => c.code)).size).toBe(items.length);
    for (const item of items) {
      expect(item.code).toMatch(/^[a-z]{2}$/);
      expect(item.name.fi && item.name.se && item.name.en).toBeTruthy();
    }
    expect(items.find((c) => c.code === 'fi')?.name).toEqual({ fi: 'Suomi', se: 'Finland', en: 'Finland' });
    expect(items.find((c) => c.code === 'se')?.name).toEqual({ fi: 'Ruotsi', se: 'Sverige', en: 'Sweden' });
  });
});

describe('specializations (public)', () => {
  /** What availableAt must be, worked out from the experts table by hand. */
  async function expectedAvailability() {
    const rows = await t.database.db.select({ org: experts.organisationId, specs: experts.specializations }).from(experts);
    const at = new Map<string, Set<string>>();
    for (const { org, specs } of rows) for (const s of specs) at.set(s, (at.get(s) ?? new Set()).add(org));
    return (id: string) => [...(at.get(id) ?? [])].sort();
  }

  test('availableAt names the organisations with an expert of that specialization; /existing only those', async () => {
    const espoo = await organisationBySlug(t, 'espoo-demo');
    const kaarina = await organisationBySlug(t, 'kaarina-demo');
    const before = z.array(ZSpecialization).parse(await okData(guest.fetch('/api/list/specializations')));
    expect(before.length).toBeGreaterThanOrEqual(6);

    // Psychologists nowhere, paediatricians only in Kaarina, nurses in both (whatever the demo staff has).
    await t.database.db.execute(sql`update experts set specializations = specializations - 'psychologist' - 'paediatrician'`);
    const users = await t.database.db
      .insert(staffUsers)
      .values([
        { email: 'nurse.one@example.fi', firstName: 'Nea', lastName: 'Nurse' },
        { email: 'nurse.two@example.fi', firstName: 'Nils', lastName: 'Nurse' },
      ])
      .returning({ id: staffUsers.id });
    await t.database.db.insert(experts).values([
      { userId: users[0]!.id, organisationId: espoo.id, specializations: ['nurse'], chatQueueId: 'q1' },
      { userId: users[1]!.id, organisationId: kaarina.id, specializations: ['nurse', 'paediatrician'], chatQueueId: 'q2' },
    ]);

    const all = await okData<Specialization[]>(guest.fetch('/api/list/specializations'));
    expect(all.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());
    const expected = await expectedAvailability();
    for (const s of all) expect(s.availableAt, s.id).toEqual(expected(s.id));
    const at = (id: string) => all.find((s) => s.id === id)?.availableAt;
    expect(at('nurse')).toEqual([espoo.id, kaarina.id].sort());
    expect(at('paediatrician')).toEqual([kaarina.id]);
    expect(at('psychologist')).toEqual([]);
    expect(all.find((s) => s.id === 'nurse')?.name).toEqual({ fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' });

    const existing = await okData<Specialization[]>(guest.fetch('/api/list/specializations/existing'));
    expect(existing).toEqual(all.filter((s) => s.availableAt.length > 0));
    expect(existing.map((s) => s.id)).not.toContain('psychologist');
  });
});
