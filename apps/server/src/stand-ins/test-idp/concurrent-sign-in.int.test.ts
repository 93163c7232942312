import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';
import { seedDemo } from '../../db/seed/demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';

/**
 * One person signing in on several devices at the same moment, through two instances on one database (a phone and
 * a laptop behind a load balancer): every sign-in ends signed in, as one patient. The earlier cluster benchmark
 * signed the same new person in several times at once, and one such run ended with a sign-in that failed.
 */

let database: Database;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  a = await startTestApp({}, { database });
  await seedDemo(database.db, createFieldCipher(a.config.dataKey));
  b = await startTestApp({}, { database });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

// People the provider's list does not know, so each first sign-in creates the patient (the racing path).
const PEOPLE = ['010181-900C', '020181-9001'];
const DEVICES = 6;

test.each(PEOPLE)('%s signs in on six devices at once, half through each instance: all signed in, one patient', async (ssn) => {
  const signedIn = await Promise.all(
    Array.from({ length: DEVICES }, async (_, device) => {
      const browser = new TestBrowser((device % 2 ? b : a).baseUrl);
      const { url } = await browser.signIn(ssn, { givenName: 'Aamu', familyName: 'Samanaikainen' });
      expect(new URL(url).search).toBe('');
      expect(browser.cookie('prsp_session')).toBeDefined();
      const info = await browser.fetch('/api/user/info');
      return ((await info.json()) as { data: { id: string } }).data.id;
    }),
  );
  expect(new Set(signedIn).size).toBe(1);
  const rows = await database.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.ssnHash, createFieldCipher(a.config.dataKey).keyedHash(ssn)));
  expect(rows).toEqual([{ id: signedIn[0] }]);
});
