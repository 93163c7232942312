import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organisations, patients } from '../../db/schema';
import { ELIAS } from '../../test/person-codes';
import { organisationId } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expertBrowser } from './categories.steps';
import { messageForm, onboardedPatient, postForm, smsTo } from './conversations.steps';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationId(t, 'espoo-demo');
});
afterAll(() => t.close());

test("a Swedish-speaking patient's new-message SMS names the organisation in Swedish (issue 28)", async () => {
  await t.database.db.update(organisations).set({ nameSe: 'Esbo distansmottagning' }).where(eq(organisations.id, espoo));
  const { patientId } = await onboardedPatient(t, ELIAS, espoo);
  await t.database.db.update(patients).set({ lang: 'se' }).where(eq(patients.id, patientId));
  const { browser } = await expertBrowser(t, 'espoo-demo');
  const form = messageForm({
    ssn: ELIAS,
    name: 'Elias Testinen',
    email: 'elias.notices@test.example',
    mobile: '040 111 2233',
    smsNotification: 'true',
    subject: 'Provsvar',
    text: 'Svaren är klara.',
  });
  expect((await postForm(browser, '/api/expert/async-messaging/create-conversation', form)).status).toBe(200);
  const [sms] = await smsTo(t.database.db, '+358401112233');
  expect(sms!.text).toContain('Esbo distansmottagning');
  expect(sms!.text).not.toContain('Espoon');
});
