import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { patients } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances';

/**
 * One person signing in on several devices at the same moment, through two instances on one database (a phone and
 * a laptop behind a load balancer): every sign-in ends signed in, as one patient. The earlier cluster benchmark
 * signed the same new person in several times at once, and one such run ended with a sign-in that failed.
 */

let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances();
});
afterAll(() => cluster?.close());

// People the provider's list does not know, so each first sign-in creates the patient (the racing path).
const PEOPLE = ['010181-900C', '020181-9001'];
const DEVICES = 6;

test.each(PEOPLE)('%s signs in on six devices at once, half through each instance: all signed in, one patient', async (ssn) => {
  const signedIn = await Promise.all(
    Array.from({ length: DEVICES }, async (_, device) => {
      const browser = new TestBrowser((device % 2 ? cluster.b : cluster.a).baseUrl);
      const { url } = await browser.signIn(ssn, { givenName: 'Aamu', familyName: 'Samanaikainen' });
      expect(new URL(url).search).toBe('');
      expect(browser.cookie('prsp_session')).toBeDefined();
      const info = await browser.fetch('/api/user/info');
      return ((await info.json()) as { data: { id: string } }).data.id;
    }),
  );
  expect(new Set(signedIn).size).toBe(1);
  const rows = await cluster.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.ssnHash, createFieldCipher(cluster.a.config.dataKey).keyedHash(ssn)));
  expect(rows).toEqual([{ id: signedIn[0] }]);
});
