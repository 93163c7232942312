import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ageOn, parseSsn, type ChatChannel, type ExpertChat, type ExpertQueue } from '@prsp/contracts';
import { auditLog, experts, patients, sessions } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { sha256 } from '../../platform/crypto/tokens';
import { onboardedPatients, onboardedPatientSessions } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { TestBrowser } from '../../test/http-client';
import { withCsrfCookie } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { chatExpert, serviceId } from './chat.steps';

let t: TestApp;
let espoo: string;
let nurseService: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  nurseService = await serviceId(t, espoo, 'nurse');
});
afterAll(() => t?.close());

test('the desk shows who the patient is: masked code, age, the language of whoever writes and who acts for them; the full code on request, audited', async () => {
  const db = t.database.db;
  // The patient, and a Swedish-speaking delegate who signed in and acts on the patient's behalf.
  const [patient, delegate] = await onboardedPatientSessions(t, espoo, 2);
  await db.update(patients).set({ lang: 'fi' }).where(eq(patients.id, patient!.id));
  await db.update(patients).set({ lang: 'se' }).where(eq(patients.id, delegate!.id));
  await db
    .update(sessions)
    .set({ actingForPatientId: patient!.id })
    .where(eq(sessions.tokenHash, sha256(delegate!.token)));
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', delegate!.token);
  const waiting = await okData<ChatChannel>(postJson(withCsrfCookie(browser), '/api/chat/channels', { serviceId: nurseService }));

  const [row] = await db.select({ ssnEncrypted: patients.ssnEncrypted }).from(patients).where(eq(patients.id, patient!.id));
  const code = createFieldCipher(t.config.dataKey).decrypt(row!.ssnEncrypted);
  const shown = {
    maskedIdentityCode: `${code.slice(0, 7)}****`,
    age: ageOn(parseSsn(code)!.birthDate, new Date()),
    language: 'se',
    delegateName: 'Potilas1 Kilpa',
  };

  // The queue card and the chat say the same; neither holds the full code.
  const nurse = await chatExpert(t, espoo, 'espoo-nurse');
  const queues = await okData<ExpertQueue[]>(nurse.browser.fetch('/api/expert/chat/queues'));
  const card = queues.find((q) => q.id === 'espoo-nurse')!.waiting.find((w) => w.channelId === waiting.id);
  expect(card).toMatchObject({ name: 'Potilas0 Kilpa', patient: shown });
  const chat = await okData<ExpertChat>(nurse.browser.fetch(`/api/expert/chat/channels/${waiting.id}`));
  expect(chat).toMatchObject({ patientName: 'Potilas0 Kilpa', patient: shown, writesIn: 'fi' });
  expect(JSON.stringify([queues, chat])).not.toContain(code);
  // What the nurse writes in is her communication language in the organisation, not her screen's: the desk compares.
  await db.update(experts).set({ communicationLanguage: 'sv' }).where(eq(experts.id, nurse.expertId));
  expect(await okData<ExpertChat>(nurse.browser.fetch(`/api/expert/chat/channels/${waiting.id}`))).toMatchObject({ writesIn: 'se' });

  // The full code, shown on request, leaves an audit row naming the nurse, the patient and the chat.
  const reveal = async () =>
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'chat.identityCode'), eq(auditLog.patientId, patient!.id)))
    ).map((r) => ({ actorId: r.actorId, actorRole: r.actorRole, objectId: r.objectId }));
  expect(await reveal()).toEqual([]);
  expect(await okData(nurse.browser.fetch(`/api/expert/chat/channels/${waiting.id}/identity-code`))).toEqual({ identityCode: code });
  expect(await reveal()).toEqual([{ actorId: nurse.userId, actorRole: 'expert', objectId: waiting.id }]);

  // An expert outside the chat and its queue learns nothing, and nothing is written for them.
  const stranger = await chatExpert(t, espoo, 'espoo-doctor');
  await expectError(stranger.browser.fetch(`/api/expert/chat/channels/${waiting.id}/identity-code`), 404, 404);
  expect(await reveal()).toHaveLength(1);

  // A patient in their own name: no delegate, their own language.
  const [self] = await onboardedPatients(t, espoo, 1);
  const own = await okData<ChatChannel>(postJson(self!, '/api/chat/channels', { serviceId: nurseService }));
  const ownChat = await okData<ExpertChat>(nurse.browser.fetch(`/api/expert/chat/channels/${own.id}`));
  expect(ownChat.patient).toMatchObject({ delegateName: null, language: null });
});
