import { and, eq } from 'drizzle-orm';
import { NO_RIGHTS } from '@prsp/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import { AINO, HELMI, MATTI } from '../../test/person-codes';
import { TestBrowser } from '../../test/http-client';
import { postJson, staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { chatExpert } from '../chat/chat.steps';
import { onboardedPatient } from '../messaging/conversations.steps';
import { signedIn } from './patient.steps';

/**
 * Issue 28: an identity code typed into a staff form (new appointment, new message) fills in the organisation's
 * patient's name and contacts, as an audited read of patient data; another organisation's patient is not shown.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let matti: string;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  matti = (await onboardedPatient(t, MATTI, espoo, 'matti@test.example')).patientId;
  await onboardedPatient(t, HELMI, kaarina, 'helmi@test.example');
  await signedIn(t, AINO); // signed in, but no organisation's patient yet
});
afterAll(() => t.close());

const lookupRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'patient.lookup'));

describe('the staff forms look a patient up by identity code', () => {
  test("a booker gets the organisation's patient's name and contacts; the read is audited", async () => {
    const booker = await staffBrowser(t, { preset: 'booker' });
    const res = await postJson(booker, '/api/admin/patients/lookup', { ssn: ' 150375-257r ' });
    expect(await res.json()).toMatchObject({
      status: 'ok',
      data: { firstName: 'Matti', lastName: 'Korhonen', email: 'matti@test.example', mobile: '0401234567' },
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.lookup'), eq(auditLog.patientId, matti)));
    expect(rows).toEqual([expect.objectContaining({ actorRole: 'admin', organisationId: espoo, objectType: 'patient' })]);
    expect(JSON.stringify(rows)).not.toContain('150375');
  });

  test('an expert writing a new message gets the same; nobody known, or another organisation’s patient, is null and unlogged', async () => {
    const expert = await chatExpert(t, espoo, 'espoo-nurse');
    expect((await (await postJson(expert.browser, '/api/expert/patients/lookup', { ssn: MATTI })).json()).data).toMatchObject({
      firstName: 'Matti',
    });
    const before = (await lookupRows()).length;
    for (const ssn of [HELMI, AINO]) {
      expect(await (await postJson(expert.browser, '/api/expert/patients/lookup', { ssn })).json()).toMatchObject({
        status: 'ok',
        data: null,
      });
    }
    expect(await lookupRows()).toHaveLength(before);
  });

  test('an invalid code is 105; no bookings edit right 403; not signed in 101', async () => {
    const admin = await staffBrowser(t);
    const invalid = await postJson(admin, '/api/admin/patients/lookup', { ssn: '150375-257X' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ statusCode: 105, fields: [{ field: 'ssn' }] });
    const viewOnly = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, bookings: { view: true, edit: false } } });
    expect((await postJson(viewOnly, '/api/admin/patients/lookup', { ssn: MATTI })).status).toBe(403);
    const stranger = withCsrfCookie(new TestBrowser(t.baseUrl));
    expect(await (await postJson(stranger, '/api/expert/patients/lookup', { ssn: MATTI })).json()).toMatchObject({ statusCode: 101 });
  });
});
