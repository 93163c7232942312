import { and, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUDIT_EXPORT_LIMIT, localDateAt, type AccessLogPage, type AuditSearchOptions, type AuditSearchPage } from '@prsp/contracts';
import { auditLog, patients } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { MATTI, SARA, randomIdentityCode } from '../../test/person-codes';
import { postJson as staffPost, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookedAppointment, chatExpert, ownQueue } from '../chat/chat.steps';
import { onboardedPatient } from '../messaging/conversations.steps';
import { actFor, expectError, okData } from '../patients/patient.steps';
import { hasReadWords } from './access-log-words';

/**
 * Who has used a patient's data (issue 33 point 5): the patient's own access log and the admins' search of their
 * organisation's audit log with its CSV, through HTTP against the real database.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let nurse: Awaited<ReturnType<typeof chatExpert>>;
let matti: { browser: TestBrowser; patientId: string };
let sara: { browser: TestBrowser; patientId: string };
let admin: TestBrowser;
let appointmentId: string;
let mattiName: string;

const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const accessLog = (browser: TestBrowser, query = '') => okData<AccessLogPage>(browser.fetch(`/api/patient/access-log${query}`));
const search = (browser: TestBrowser, body: Record<string, unknown>) =>
  okData<AuditSearchPage>(staffPost(browser, '/api/admin/audit-log/search', body));

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp({ LOG_LEVEL: 'error' }));
  const { queueId } = await ownQueue(t, espoo);
  nurse = await chatExpert(t, espoo, queueId, { firstName: 'Hanna', lastName: 'Hoitaja' });
  matti = await onboardedPatient(t, MATTI, espoo);
  sara = await onboardedPatient(t, SARA, espoo);
  admin = await staffBrowser(t, { organisation: espoo });
  const appointment = await bookedAppointment(t, espoo, {
    type: 'oneOnOne',
    expertId: nurse.expertId,
    queueId,
    startsAt: new Date(Date.now() + 86_400_000),
    patients: [{ id: matti.patientId, name: 'Matti' }],
  });
  appointmentId = appointment.id;
  const [row] = await t.database.db.select().from(patients).where(eq(patients.id, matti.patientId));
  mattiName = `${row!.givenName} ${row!.familyName}`;
  // The nurse opens the appointment twice within a minute: one line of the patient's log.
  await okData(nurse.browser.fetch(`/api/expert/appointments/${appointmentId}`));
  await okData(nurse.browser.fetch(`/api/expert/appointments/${appointmentId}`));
});
afterAll(() => t?.close());

describe("the patient's access log", () => {
  test('names the nurse, her title, the organisation and what she did, merging her reads of one object close in time', async () => {
    const log = await accessLog(matti.browser);
    const line = log.items.find((i) => i.action === 'appointment.read')!;
    expect(line).toMatchObject({
      readerName: 'Hanna Hoitaja',
      role: 'expert',
      roleText: 'Sairaanhoitaja',
      organisation: { fi: 'Espoon etävastaanotto' },
      actionText: 'avasi ajanvarauksesi',
      count: 2,
    });
    expect(Date.parse(line.at)).toBeGreaterThanOrEqual(Date.parse(line.firstAt));
    expect(Date.now() - Date.parse(line.at)).toBeLessThan(120_000);
    // Only staff's and API clients' reads: the patient's own onboarding (terms, organisation) is not there.
    expect(log.items.every((i) => ['expert', 'admin', 'globalAdmin', 'apiClient'].includes(i.role))).toBe(true);
    const en = await accessLog(matti.browser, '?lang=en');
    expect(en.items.find((i) => i.action === 'appointment.read')).toMatchObject({
      roleText: 'Nurse',
      actionText: 'opened your appointment',
    });
  });

  test("another patient sees none of it; one acting for Matti sees Matti's log, the data's owner's", async () => {
    expect((await accessLog(sara.browser)).items.filter((i) => i.readerName === 'Hanna Hoitaja')).toEqual([]);
    await actFor(t, sara.browser, MATTI);
    try {
      const acting = await accessLog(sara.browser);
      expect(acting.items.some((i) => i.action === 'appointment.read' && i.readerName === 'Hanna Hoitaja')).toBe(true);
    } finally {
      await actFor(t, sara.browser, null);
    }
  });

  test('reads further apart than the merge window are lines of their own, newest first, paged', async () => {
    const db = t.database.db;
    const base = {
      actorType: 'staff' as const,
      actorId: nurse.userId,
      actorRole: 'expert',
      organisationId: espoo,
      patientId: sara.patientId,
      action: 'chat.read',
      objectType: 'chatChannel',
      objectId: 'c-1',
    };
    await db.insert(auditLog).values([
      { ...base, at: new Date(Date.now() - 3 * 3_600_000) },
      { ...base, at: new Date(Date.now() - 3 * 3_600_000 + 5 * 60_000) },
      { ...base, at: new Date(Date.now() - 3_600_000) },
    ]);
    const first = await accessLog(sara.browser, '?pageSize=1');
    expect({ total: first.total, items: first.items.map((i) => [i.count, i.actionText]) }).toEqual({
      total: 2,
      items: [[1, 'avasi chattisi']],
    });
    const second = await accessLog(sara.browser, '?pageSize=1&page=2');
    expect(second.items.map((i) => i.count)).toEqual([2]);
    expect(Date.parse(second.items[0]!.at) - Date.parse(second.items[0]!.firstAt)).toBe(5 * 60_000);
  });

  test('is for signed-in patients only', async () => {
    const { TestBrowser: Browser } = await import('../../test/http-client');
    await expectError(new Browser(t.baseUrl).fetch('/api/patient/access-log'), 401, 101);
    await expectError(nurse.browser.fetch('/api/patient/access-log'), 401, 101);
    await expectError(matti.browser.fetch('/api/patient/access-log?pageSize=1000'), 400, 400);
  });

  test('every audit action of a route declared as reading patient data has words for the patient', () => {
    const actions = t.app.declaredRoutes.flatMap((r) =>
      r.access.patientData && r.access.patientData !== 'none' ? [r.access.patientData.audit] : [],
    );
    expect(actions.length).toBeGreaterThan(20);
    expect([...new Set(actions)].filter((a) => !hasReadWords(a))).toEqual([]);
  });
});

describe("the admins' search of the audit log", () => {
  test('by identity code finds the nurse’s reads (by her title, as her access log names her) with the patient by name, and is itself a read of that patient', async () => {
    const since = await lastAuditId();
    const page = await search(admin, { ssn: MATTI });
    const row = page.items.find((r) => r.action === 'appointment.read')!;
    expect(row).toMatchObject({
      actorName: 'Hanna Hoitaja',
      role: 'expert',
      roleText: 'Sairaanhoitaja',
      actionText: 'Katsoi ajanvarausta',
      objectTypeText: 'Aika',
      objectId: appointmentId,
      patient: { id: matti.patientId, name: mattiName },
    });
    expect(page.items.every((r) => r.patient?.id === matti.patientId)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.action, 'audit.search')));
    expect(rows.map((r) => [r.patientId, r.actorRole, r.organisationId])).toEqual([[matti.patientId, 'admin', espoo]]);
    const en = await okData<AuditSearchPage>(
      staffPost(admin, '/api/admin/audit-log/search?lang=en', { ssn: MATTI, action: 'appointment.read' }),
    );
    expect(en.items.map((r) => r.roleText)).toEqual(['Nurse', 'Nurse']);
    // The patient then sees that an admin looked at the log of their data.
    const log = await accessLog(matti.browser);
    expect(log.items[0]).toMatchObject({ role: 'admin', roleText: 'Pääkäyttäjä', action: 'audit.search' });
  });

  test('an unknown identity code finds nothing and reads nobody; a malformed one is a field error', async () => {
    const since = await lastAuditId();
    expect(await search(admin, { ssn: randomIdentityCode() })).toMatchObject({ total: 0, items: [] });
    expect(await lastAuditId()).toBe(since);
    const refused = await expectError(staffPost(admin, '/api/admin/audit-log/search', { ssn: '123' }), 400, 105);
    expect(refused.fields?.map((f) => f.field)).toEqual(['ssn']);
  });

  test('by member of staff, by days and by action', async () => {
    const byNurse = await search(admin, { staffUserId: nurse.userId, action: 'appointment.read' });
    expect(byNurse.total).toBe(2);
    const today = localDateAt(new Date());
    expect((await search(admin, { staffUserId: nurse.userId, from: today, to: today, action: 'appointment.read' })).total).toBe(2);
    const tomorrow = localDateAt(new Date(Date.now() + 86_400_000));
    expect((await search(admin, { staffUserId: nurse.userId, from: tomorrow })).total).toBe(0);
    expect((await search(admin, { action: 'appointment.read', pageSize: 1, page: 2 })).items).toHaveLength(1);
    await expectError(staffPost(admin, '/api/admin/audit-log/search', { from: tomorrow, to: today }), 400, 105);
  });

  test("a patient's own action shows them by name as its doer: that too is a read of their data", async () => {
    await t.database.db.insert(auditLog).values({
      actorType: 'patient',
      actorId: sara.patientId,
      organisationId: espoo,
      action: 'patient.terms.accept',
      objectType: 'organisation',
      objectId: espoo,
    });
    const since = await lastAuditId();
    const page = await search(admin, { action: 'patient.terms.accept' });
    expect(page.items.map((r) => [r.actorName, r.roleText, r.patient])).toEqual([['Sara Lindholm', 'Potilas', null]]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.action, 'audit.search')));
    expect(rows.map((r) => r.patientId)).toEqual([sara.patientId]);
  });

  test("shows only the organisation's own rows", async () => {
    const other = await staffBrowser(t, { organisation: kaarina });
    const page = await search(other, { ssn: MATTI });
    expect(page.items.filter((r) => r.action === 'appointment.read')).toEqual([]);
    expect((await search(other, { staffUserId: nurse.userId })).total).toBe(0);
  });

  test('the CSV: BOM, semicolons, headers and words in the admin’s language, the patient by name; the download is recorded', async () => {
    const since = await lastAuditId();
    const res = await staffPost(admin, '/api/admin/audit-log/export?lang=fi', { ssn: MATTI, action: 'appointment.read' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    const [header, ...lines] = text.slice(1).trimEnd().split('\r\n');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(header).toBe('Aika;Tekijä;Rooli;Toiminto;Kohteen tyyppi;Kohde;Potilas');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(';').slice(1)).toEqual([
      'Hanna Hoitaja',
      'Sairaanhoitaja',
      'Katsoi ajanvarausta',
      'Aika',
      appointmentId,
      mattiName,
    ]);
    const rows = await t.database.db.select().from(auditLog).where(gt(auditLog.id, since));
    expect(rows.map((r) => [r.action, r.patientId]).sort()).toEqual([
      ['audit.export', matti.patientId],
      ['audit.exported', null],
    ]);
  });

  test('a search finding more rows than one CSV holds is refused with a field error, not cut off; nothing is recorded', async () => {
    const other = await staffBrowser(t, { organisation: kaarina });
    await t.database.db.execute(sql`insert into audit_log (actor_type, organisation_id, action)
      select 'system', ${kaarina}::uuid, 'test.filler' from generate_series(1, ${AUDIT_EXPORT_LIMIT + 1})`);
    const since = await lastAuditId();
    const res = await staffPost(other, '/api/admin/audit-log/export?lang=fi', { action: 'test.filler' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: { field: string; messageKey: string }[] }).fields).toEqual([
      expect.objectContaining({ field: 'from', messageKey: 'fields.exportTooLarge' }),
    ]);
    expect(await t.database.db.select().from(auditLog).where(gt(auditLog.id, since))).toEqual([]);
    await t.database.db.delete(auditLog).where(eq(auditLog.action, 'test.filler'));
  });

  test('the options: the organisation’s staff and the actions in its log, in words', async () => {
    const options = await okData<AuditSearchOptions>(admin.fetch('/api/admin/audit-log/options'));
    expect(options.staff).toContainEqual({ id: nurse.userId, name: 'Hoitaja Hanna' });
    expect(options.actions).toContainEqual({ action: 'appointment.read', text: 'Katsoi ajanvarausta' });
  });

  test('rights: the users area’s view right; a booker, an expert and a patient are refused', async () => {
    const viewer = await staffBrowser(t, { organisation: espoo, preset: 'operationalAdmin' });
    expect((await search(viewer, { ssn: MATTI })).total).toBeGreaterThan(0);
    const booker = await staffBrowser(t, { organisation: espoo, preset: 'booker' });
    for (const browser of [booker, nurse.browser, matti.browser]) {
      const res = await staffPost(browser, '/api/admin/audit-log/search', { ssn: MATTI });
      expect([401, 403]).toContain(res.status);
      expect((await staffPost(browser, '/api/admin/audit-log/export', {})).status).toBeGreaterThanOrEqual(401);
      expect((await browser.fetch('/api/admin/audit-log/options')).status).toBeGreaterThanOrEqual(401);
    }
  });
});
