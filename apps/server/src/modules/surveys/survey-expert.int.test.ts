import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SURVEY_REMINDER_INTERVAL_MS,
  ZRunnerSurvey,
  type ExpertSurveyItem,
  type PendingSurvey,
  type SurveyExpertRef,
  type SurveyForwarded,
  type SurveyReminded,
  type SurveyTokenResponse,
} from '@prsp/contracts';
import { organisations, patients, surveyResponses } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { AINO, HELMI, MATTI, SARA } from '../../test/person-codes';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expertBrowser } from '../messaging/categories.steps';
import { auditOf, data, emailsTo, onboardedPatient, refused, smsTo } from '../messaging/conversations.steps';
import {
  answerAsPatient,
  expertAccount,
  makeAppointment,
  makeExpertResponse,
  NORDIC_ANSWER,
  NORDIC_QUESTIONS,
  pdfText,
} from './survey-expert.steps';
import { makeTemplate } from './survey.steps';

const E = '/api/survey-expert';

let t: TestApp;
let espoo: string;
let kaarina: string;
let db: TestApp['database']['db'];
let templateId: string;
let versionId: string;
let kaarinaVersion: string;
type Expert = { browser: TestBrowser; expertId: string };
let eeva: Expert;
let lauri: Expert;
let kalle: Expert;
let aino: { browser: TestBrowser; patientId: string };

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  db = t.database.db;
  ({ templateId, versionId } = await makeTemplate(db, espoo, { questions: NORDIC_QUESTIONS }));
  ({ versionId: kaarinaVersion } = await makeTemplate(db, kaarina, { questions: NORDIC_QUESTIONS }));
  eeva = await expertBrowser(t, 'espoo-demo', { lastName: 'Ensihoitaja' });
  lauri = await expertBrowser(t, 'espoo-demo', { lastName: 'Lääkäri' });
  kalle = await expertBrowser(t, 'kaarina-demo', { lastName: 'Kaarinalainen' });
  aino = await onboardedPatient(t, AINO, espoo, 'aino.surveys@test.example');
});
afterAll(() => t.close());

const respond = (values: Partial<typeof surveyResponses.$inferInsert> = {}) =>
  makeExpertResponse(db, { organisationId: espoo, patientId: aino.patientId, versionId, ...values });

const list = async (who: Expert, query = '') => data<ExpertSurveyItem[]>(who.browser.fetch(`${E}/surveys${query}`));
const ids = async (who: Expert, query = '') => (await list(who, query)).map((s) => s.responseId);

describe('GET /api/survey-expert/surveys', () => {
  test("the expert's own, forwarded to them, and their appointments' (as expert or host); filters", async () => {
    const own = await respond({ expertId: eeva.expertId });
    const lauris = await respond({ expertId: lauri.expertId });
    const forwarded = await respond({ expertId: lauri.expertId, forwardedToExpertId: eeva.expertId, forwardedAt: new Date() });
    const visit = await makeAppointment(db, espoo, { expertId: eeva.expertId, name: 'Neuvola' });
    const ofVisit = await respond({ appointmentId: visit, trigger: 'before' });
    const group = await makeAppointment(db, espoo, { hostExpertId: eeva.expertId, name: 'Ryhmä' });
    const ofGroup = await respond({ appointmentId: group, trigger: 'after', respondedAt: new Date(), answers: { pain: 'no' } });
    const elsewhere = await makeExpertResponse(db, {
      organisationId: kaarina,
      patientId: aino.patientId,
      versionId: kaarinaVersion,
      expertId: kalle.expertId,
    });

    const mine = await ids(eeva);
    expect(mine).toEqual(expect.arrayContaining([own, forwarded, ofVisit, ofGroup]));
    expect(mine).not.toContain(lauris);
    expect(mine).not.toContain(elsewhere);
    expect(await ids(kalle)).toEqual([elsewhere]);

    const item = (await list(eeva)).find((s) => s.responseId === ofVisit)!;
    expect(item).toMatchObject({
      surveyName: { fi: 'Vointikysely' },
      patientName: 'Aino Virtanen',
      appointment: { id: visit, name: 'Neuvola' },
      state: 'open',
      closed: false,
      respondedAt: null,
      forwardedTo: null,
      lastReminderAt: null,
    });
    expect((await list(eeva)).find((s) => s.responseId === forwarded)!.forwardedTo).toEqual({
      id: eeva.expertId,
      name: expect.any(String),
    });

    expect(await ids(eeva, '?state=answered')).toEqual([ofGroup]);
    expect(await ids(eeva, '?state=open')).not.toContain(ofGroup);
    expect(await ids(eeva, '?forwarded=true')).toEqual([forwarded]);
    expect(await ids(eeva, `?responseId=${own}`)).toEqual([own]);
    expect(await ids(eeva, `?responseId=${lauris}`)).toEqual([]);
    expect(await ids(eeva, `?appointmentUuids=${visit}`)).toEqual([ofVisit]);
    expect(await ids(eeva, `?appointmentUuids=${visit}&appointmentUuids=${group}`)).toEqual([ofGroup, ofVisit]);
    // Another's appointment finds nothing of theirs.
    const laurisVisit = await makeAppointment(db, espoo, { expertId: lauri.expertId });
    await respond({ appointmentId: laurisVisit });
    expect(await ids(eeva, `?appointmentUuids=${laurisVisit}`)).toEqual([]);
  });

  test('refusals: a malformed query 400; a patient, an admin or nobody 101', async () => {
    await refused(eeva.browser.fetch(`${E}/surveys?appointmentUuids=nope`), 400, 400);
    await refused(eeva.browser.fetch(`${E}/surveys?state=closed`), 400, 400);
    await refused(aino.browser.fetch(`${E}/surveys`), 401, 101);
    await refused((await staffBrowser(t)).fetch(`${E}/surveys`), 401, 101);
    await refused(new TestBrowser(t.baseUrl).fetch(`${E}/surveys`), 401, 101);
  });
});

describe('GET /api/survey-expert/token/:responseId', () => {
  test('a read-only expert token in the asked language, audited; the runner shows the answers', async () => {
    const id = await respond({ expertId: eeva.expertId });
    await answerAsPatient(t, aino.browser, id, { pain: 'yes', where: NORDIC_ANSWER });
    const answer = await data<SurveyTokenResponse>(eeva.browser.fetch(`${E}/token/${id}?lang=se`));
    expect(answer.url).toBe(`${t.baseUrl}/survey-runner`);
    // The patient's own token was audited too, as theirs.
    expect((await auditOf(db, 'survey.token', id)).map((a) => a.actorType).sort()).toEqual(['patient', 'staff']);
    const res = await fetch(new URL('/api/survey-runner/survey', t.baseUrl), { headers: { authorization: `Bearer ${answer.token}` } });
    const survey = ZRunnerSurvey.parse(((await res.json()) as { data: unknown }).data);
    expect(survey).toMatchObject({ audience: 'expert', readOnly: true, language: 'se', answers: { pain: 'yes', where: NORDIC_ANSWER } });
  });

  test("another organisation's, another expert's not forwarded, and an unknown response: 404", async () => {
    const lauris = await respond({ expertId: lauri.expertId });
    await refused(eeva.browser.fetch(`${E}/token/${lauris}`), 404, 404);
    await refused(kalle.browser.fetch(`${E}/token/${lauris}`), 404, 404);
    await refused(eeva.browser.fetch(`${E}/token/00000000-0000-4000-8000-000000000000`), 404, 404);
    await refused(eeva.browser.fetch(`${E}/token/not-a-uuid`), 400, 400);
    expect(await auditOf(db, 'survey.token', lauris)).toEqual([]);
  });
});

describe('POST /api/survey-expert/forward and /api/survey-admin/forward', () => {
  test('to an expert of the organisation, who is told by e-mail without the answers and then sees it', async () => {
    const id = await respond({ expertId: eeva.expertId });
    await answerAsPatient(t, aino.browser, id, { pain: 'yes', where: NORDIC_ANSWER });
    await refused(lauri.browser.fetch(`${E}/token/${id}`), 404, 404);
    const forwarded = await data<SurveyForwarded>(postJson(eeva.browser, `${E}/forward`, { responseId: id, expertUuid: lauri.expertId }));
    const lauriAccount = await expertAccount(db, lauri.expertId);
    expect(forwarded.forwardedTo).toEqual({ id: lauri.expertId, name: lauriAccount.name });
    const [mail] = await emailsTo(db, lauriAccount.email);
    expect(mail!.text).toContain(`${t.baseUrl}/expert/surveyAnswers?responseId=${id}`);
    expect(mail!.text).not.toContain(NORDIC_ANSWER);
    expect(mail!.text).not.toContain('Aino');
    expect(await ids(lauri, '?forwarded=true')).toContain(id);
    await data(lauri.browser.fetch(`${E}/token/${id}`));
    // The one who forwarded still reads it, and sees to whom it went.
    expect((await list(eeva)).find((s) => s.responseId === id)!.forwardedTo).toEqual(forwarded.forwardedTo);
    expect(await auditOf(db, 'survey.forward', id)).toHaveLength(1);
  });

  test("only to an expert of the organisation; another's response 404", async () => {
    const id = await respond({ expertId: eeva.expertId });
    expect(await refused(postJson(eeva.browser, `${E}/forward`, { responseId: id, expertUuid: kalle.expertId }), 400, 400)).toEqual({
      expertUuid: 'fields.invalid',
    });
    await refused(postJson(eeva.browser, `${E}/forward`, { responseId: id, expertUuid: 'x' }), 400, 400);
    await refused(postJson(kalle.browser, `${E}/forward`, { responseId: id, expertUuid: kalle.expertId }), 404, 404);
    await refused(postJson(lauri.browser, `${E}/forward`, { responseId: id, expertUuid: lauri.expertId }), 404, 404);
    const [row] = await db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
    expect(row!.forwardedToExpertId).toBeNull();
  });

  test("an admin forwards within their organisation with the experts right; another organisation's is 404", async () => {
    const id = await respond({ expertId: eeva.expertId });
    const admin = await staffBrowser(t, { organisation: 'espoo-demo', preset: 'operationalAdmin' });
    const done = await data<SurveyForwarded>(postJson(admin, '/api/survey-admin/forward', { responseId: id, expertUuid: lauri.expertId }));
    expect(done.forwardedTo.id).toBe(lauri.expertId);
    expect(await ids(lauri, '?forwarded=true')).toContain(id);
    await refused(postJson(admin, '/api/survey-admin/forward', { responseId: id, expertUuid: kalle.expertId }), 400, 400);
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo', preset: 'organisationAdmin' });
    await refused(postJson(kaarinaAdmin, '/api/survey-admin/forward', { responseId: id, expertUuid: kalle.expertId }), 404, 404);
    const booker = await staffBrowser(t, { organisation: 'espoo-demo', preset: 'booker' });
    await refused(postJson(booker, '/api/survey-admin/forward', { responseId: id, expertUuid: lauri.expertId }), 403, 403);
    await refused(postJson(eeva.browser, '/api/survey-admin/forward', { responseId: id, expertUuid: lauri.expertId }), 401, 101);
  });
});

describe('POST /api/survey-expert/reminder', () => {
  test('an unanswered survey: e-mail and SMS with the link only, once per interval', async () => {
    const id = await respond({ expertId: eeva.expertId });
    const reminded = await data<SurveyReminded>(postJson(eeva.browser, `${E}/reminder`, { responseId: id }));
    expect(reminded).toMatchObject({ email: true, sms: true, lastReminderAt: expect.any(String) });
    const link = `${t.baseUrl}/survey/${id}`;
    const mails = (await emailsTo(db, 'aino.surveys@test.example')).filter((m) => m.text.includes(link));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('Vointikysely');
    const sms = (await smsTo(db, '+358401234567')).filter((m) => m.text.includes(link));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).not.toContain('Vointikysely');
    expect((await list(eeva)).find((s) => s.responseId === id)!.lastReminderAt).toBe(reminded.lastReminderAt);

    await refused(postJson(eeva.browser, `${E}/reminder`, { responseId: id }), 429, 429);
    // Once the interval has passed, the patient may be reminded again.
    await db
      .update(surveyResponses)
      .set({ lastReminderAt: new Date(Date.now() - SURVEY_REMINDER_INTERVAL_MS - 1000) })
      .where(eq(surveyResponses.id, id));
    await data(postJson(eeva.browser, `${E}/reminder`, { responseId: id }));
    expect(await auditOf(db, 'survey.reminder', id)).toHaveLength(2);
  });

  test('refused once answered or closed (403), for another expert or organisation (404)', async () => {
    const answered = await respond({ expertId: eeva.expertId });
    await answerAsPatient(t, aino.browser, answered, { pain: 'no' });
    await refused(postJson(eeva.browser, `${E}/reminder`, { responseId: answered }), 403, 403);
    const closed = await respond({ expertId: eeva.expertId, closedAt: new Date() });
    await refused(postJson(eeva.browser, `${E}/reminder`, { responseId: closed }), 403, 403);
    const lauris = await respond({ expertId: lauri.expertId });
    await refused(postJson(eeva.browser, `${E}/reminder`, { responseId: lauris }), 404, 404);
    await refused(postJson(kalle.browser, `${E}/reminder`, { responseId: lauris }), 404, 404);
  });

  test("a Swedish-speaking patient's reminder SMS names the organisation in Swedish (issue 28)", async () => {
    const [before] = await db.select({ lang: patients.lang }).from(patients).where(eq(patients.id, aino.patientId));
    await db.update(organisations).set({ nameSe: 'Esbo distansmottagning' }).where(eq(organisations.id, espoo));
    await db.update(patients).set({ lang: 'se' }).where(eq(patients.id, aino.patientId));
    try {
      const id = await respond({ expertId: eeva.expertId });
      await data(postJson(eeva.browser, `${E}/reminder`, { responseId: id }));
      const [sms] = (await smsTo(db, '+358401234567')).filter((m) => m.text.includes(`${t.baseUrl}/survey/${id}`));
      expect(sms!.text).toContain('i tjänsten Esbo distansmottagning');
    } finally {
      await db.update(organisations).set({ nameSe: null }).where(eq(organisations.id, espoo));
      await db.update(patients).set({ lang: before!.lang }).where(eq(patients.id, aino.patientId));
    }
  });

  test('a patient without contact details: nothing sent, nothing recorded', async () => {
    const { patientId } = await onboardedPatient(t, SARA, espoo);
    const id = await makeExpertResponse(db, { organisationId: espoo, patientId, versionId, expertId: eeva.expertId });
    expect(await data<SurveyReminded>(postJson(eeva.browser, `${E}/reminder`, { responseId: id }))).toEqual({
      email: false,
      sms: false,
      lastReminderAt: null,
    });
  });
});

describe('GET /api/survey-expert/answers_pdf/:responseId', () => {
  test('a PDF download of the answers with ä, ö and å intact, audited', async () => {
    const id = await respond({ expertId: eeva.expertId });
    await answerAsPatient(t, aino.browser, id, { pain: 'yes', where: NORDIC_ANSWER, mood: 8 });
    const res = await eeva.browser.fetch(`${E}/answers_pdf/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="survey-${id}.pdf"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Organisaatio: Espoo',
      'Vointikysely (versio 1)',
      'Aino Virtanen, 010190-****',
      'Kyllä, päivittäin',
      NORDIC_ANSWER,
      '8 / 10',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('124N');
    expect(await auditOf(db, 'survey.pdf', id)).toHaveLength(1);
    expect(await pdfText(new Uint8Array(await (await eeva.browser.fetch(`${E}/answers_pdf/${id}?lang=en`)).arrayBuffer()))).toContain(
      'Are you in pain?',
    );
  });

  test("the PDF names the organisation in the PDF's language (Vantaa / Vanda; issue 28)", async () => {
    const id = await respond({ expertId: eeva.expertId });
    await answerAsPatient(t, aino.browser, id, { pain: 'yes', where: NORDIC_ANSWER, mood: 8 });
    await db.update(organisations).set({ nameSe: 'Esbo distansmottagning' }).where(eq(organisations.id, espoo));
    try {
      const pdf = async (lang: string) =>
        pdfText(new Uint8Array(await (await eeva.browser.fetch(`${E}/answers_pdf/${id}?lang=${lang}`)).arrayBuffer()));
      expect(await pdf('se')).toContain('Esbo distansmottagning');
      expect(await pdf('fi')).not.toContain('Esbo');
    } finally {
      await db.update(organisations).set({ nameSe: null }).where(eq(organisations.id, espoo));
    }
  });

  test("another organisation's or another expert's not forwarded response: 404", async () => {
    const lauris = await respond({ expertId: lauri.expertId });
    await refused(eeva.browser.fetch(`${E}/answers_pdf/${lauris}`), 404, 404);
    await refused(kalle.browser.fetch(`${E}/answers_pdf/${lauris}`), 404, 404);
    expect(await auditOf(db, 'survey.pdf', lauris)).toEqual([]);
  });
});

describe('POST /api/survey-expert/send and GET /api/survey-expert/experts', () => {
  test('a template to a patient by identity code: pending for them, listed for the expert', async () => {
    const { browser: helmi } = await onboardedPatient(t, HELMI, espoo);
    const { responseId } = await data<{ responseId: string }>(
      postJson(eeva.browser, `${E}/send`, { ssn: HELMI, name: 'Helmi Laine', templateId }),
    );
    expect(await data<PendingSurvey[]>(helmi.fetch('/api/surveys/pending'))).toEqual([
      { response_id: responseId, survey_name: expect.objectContaining({ fi: 'Vointikysely' }) },
    ]);
    expect(await ids(eeva, '?state=open')).toContain(responseId);
    expect(await auditOf(db, 'survey.send', responseId)).toHaveLength(1);
  });

  test('refusals: an invalid identity code 105, a template of another organisation 404', async () => {
    expect(await refused(postJson(eeva.browser, `${E}/send`, { ssn: '010101-0000', name: 'X Y', templateId }), 400, 105)).toEqual({
      ssn: 'fields.ssn',
    });
    const foreign = await makeTemplate(db, kaarina);
    await refused(postJson(eeva.browser, `${E}/send`, { ssn: MATTI, name: 'Matti M', templateId: foreign.templateId }), 404, 404);
    await refused(postJson(eeva.browser, `${E}/send`, { ssn: MATTI, name: '', templateId }), 400, 400);
  });

  test("the organisation's other experts, to forward to", async () => {
    const colleagues = await data<SurveyExpertRef[]>(eeva.browser.fetch(`${E}/experts`));
    const names = colleagues.map((c) => c.id);
    expect(names).toContain(lauri.expertId);
    expect(names).not.toContain(eeva.expertId);
    expect(names).not.toContain(kalle.expertId);
  });
});
