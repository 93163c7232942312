import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppointmentRow, ChatChannel, ChatHistoryItem, Page } from '@prsp/contracts';
import { auditLog, patients, serviceSurveys, surveyResponses } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { withCsrfCookie } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { onboardedPatientSessions } from '../booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { makeTemplate, useTemplates } from '../surveys/survey.steps';
import { bookedAppointment, chatExpert, ownQueue } from './chat.steps';

let t: TestApp;
let espoo: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(() => t?.close());

/** Patients signed in, with the identity code each is stored under. */
async function people(n: number) {
  const cipher = createFieldCipher(t.config.dataKey);
  const sessions = await onboardedPatientSessions(t, espoo, n);
  return Promise.all(
    sessions.map(async ({ id, token }) => {
      const [row] = await t.database.db.select({ ssn: patients.ssnEncrypted }).from(patients).where(eq(patients.id, id));
      const browser = new TestBrowser(t.baseUrl);
      browser.setCookie('prsp_session', token);
      return { id, code: cipher.decrypt(row!.ssn), browser: withCsrfCookie(browser) };
    }),
  );
}

test('the contact history lists walk-in chats beside appointments, and finds a patient by name or identity code (by its keyed hash, audited); a walk-in chat that ends sends its service’s after surveys', async () => {
  const db = t.database.db;
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const after = await makeTemplate(db, espoo, { name: 'Palaute chatista' });
  await useTemplates(db, espoo, [after.templateId]);
  await db.insert(serviceSurveys).values({ serviceId, templateId: after.templateId, timing: 'after' });
  const nurse = await chatExpert(t, espoo, queueId);
  const [anna, ville] = await people(2);

  // Walk-in chats: two of Anna's, one of Ville's, each taken and ended by the nurse.
  const chatWith = async (who: typeof anna) => {
    const channel = await okData<ChatChannel>(postJson(who!.browser, '/api/chat/channels', { serviceId }));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`));
    return channel.id;
  };
  const annas = [await chatWith(anna), await chatWith(anna)];
  const villes = await chatWith(ville);
  // And a booked appointment of Anna's with the nurse, over an hour ago.
  const booked = await bookedAppointment(t, espoo, {
    type: 'oneOnOne',
    expertId: nurse.expertId,
    startsAt: new Date(Date.now() - 90 * 60_000),
    patients: [{ id: anna!.id, name: 'Potilas0 Kilpa' }],
  });

  const chats = (q = '') => okData<Page<ChatHistoryItem>>(nurse.browser.fetch(`/api/expert/chat/history${q}`));
  const all = await chats();
  expect(all.total).toBe(3);
  expect(all.items.map((i) => i.channelId)).toEqual([villes, annas[1], annas[0]]);
  expect(all.items[0]).toMatchObject({ patientId: ville!.id, patientName: 'Potilas1 Kilpa', expertName: nurse.name });

  // By a fragment of the name; by the identity code as typed (lower case too), which finds the patient by its hash.
  expect((await chats('?patient=tilas1')).items.map((i) => i.channelId)).toEqual([villes]);
  const before = await db.select({ id: auditLog.id }).from(auditLog);
  const byCode = await chats(`?patient=${encodeURIComponent(anna!.code.toLowerCase())}`);
  expect(byCode.items.map((i) => i.channelId)).toEqual([annas[1], annas[0]]);
  const audited = (await db.select().from(auditLog).where(eq(auditLog.action, 'chat.history'))).filter(
    (r) => !before.some((b) => b.id === r.id),
  );
  expect(
    audited.map((r) => ({ actor: r.actorId, patient: r.patientId, object: r.objectId })).sort((a, b) => a.object!.localeCompare(b.object!)),
  ).toEqual(annas.map((id) => ({ actor: nurse.userId, patient: anna!.id, object: id })).sort((a, b) => a.object.localeCompare(b.object)));
  // A valid code nobody has: nothing, and no name search for it either.
  expect(await chats('?patient=010101-999X')).toMatchObject({ items: [], total: 0 });

  // The appointment history searches the same way.
  const appointments = (q: string) => okData<Page<AppointmentRow>>(nurse.browser.fetch(`/api/expert/appointment-history${q}`));
  expect((await appointments(`?patient=${encodeURIComponent(anna!.code)}`)).items.map((i) => i.id)).toEqual([booked.id]);
  expect((await appointments(`?patient=${encodeURIComponent(ville!.code)}`)).items).toEqual([]);
  expect((await appointments('?patient=Potilas0')).items.map((i) => i.id)).toEqual([booked.id]);

  // Each walk-in chat that ended sent its service's after survey to its patient, read first by the nurse.
  const sent = await db
    .select({ patientId: surveyResponses.patientId, expertId: surveyResponses.expertId, trigger: surveyResponses.trigger })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.templateVersionId, after.versionId), isNull(surveyResponses.appointmentId)));
  expect(sent).toHaveLength(3);
  expect(sent.filter((r) => r.patientId === anna!.id)).toHaveLength(2);
  expect(sent.every((r) => r.expertId === nurse.expertId && r.trigger === 'after')).toBe(true);
});
