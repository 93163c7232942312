import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organisations, patients } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { ReadModelCache } from '../cache/read-model-cache';
import type { Session } from '../session/sessions.service';
import { loadPatientContext } from './patient-access';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const sessionOf = (patientId: string): Session => ({
  id: 'test',
  patientId,
  actingForPatientId: null,
  staffUserId: null,
  appRole: null,
  organisationId: null,
  data: {},
  expiresAt: new Date(Date.now() + 60_000),
});

describe('the patient context', () => {
  test('with a cache that does not answer from memory (TTL 0, listener down) it is read in one statement, not through the cache', async () => {
    const db = t.database.db;
    const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo'));
    const [patient] = await db
      .insert(patients)
      .values({ ssnHash: 'pa-test', ssnEncrypted: 'pa-test', givenName: 'Pia', familyName: 'Testi', selectedOrganisationId: org!.id })
      .returning({ id: patients.id });
    const notServing = {
      serving: () => false,
      get: () => {
        throw new Error('read through a cache that does not serve');
      },
    } as unknown as ReadModelCache;
    const ctx = await loadPatientContext(db, sessionOf(patient!.id), { organisation: 'required' }, notServing);
    expect(ctx.patientId).toBe(patient!.id);
    expect(ctx.organisation?.id).toBe(org!.id);
  });
});
