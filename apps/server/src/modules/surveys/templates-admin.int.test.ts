import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt } from '@prsp/contracts';
import { auditLog, organisations, services, surveyTemplateVersions } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expertBrowser } from '../messaging/categories.steps';
import { makeTemplate, sampleTemplateInput, SAMPLE_QUESTIONS } from './templates.steps';
import { surveysForAppointment } from './survey-attachments.service';
import { AINO } from '../../test/person-codes';
import { bookingExpert, minutesFromNow } from '../booking/booking.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t);
});
afterAll(() => t.close());

const API = '/api/survey-admin';
const data = async (res: Response | Promise<Response>) => {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body.data;
};
const surveyList = async (organisationId: string) =>
  (await t.database.db.select({ surveys: organisations.surveys }).from(organisations).where(eq(organisations.id, organisationId)))[0]!
    .surveys;
const ids = (list: { id: string }[]) => list.map((x) => x.id);
const setSurveyList = (browser: TestBrowser, organisationId: string, surveys: string[]) => {
  const form = new FormData();
  form.append('id', organisationId);
  form.append('surveys', JSON.stringify(surveys));
  return browser.fetch('/api/admin/organisation/update', { method: 'POST', body: form });
};

describe('rights', () => {
  test('signed out 101; no service settings right 403; view only may read but not write', async () => {
    const anonymous = new TestBrowser(t.baseUrl);
    expect(await (await anonymous.fetch(`${API}/templates`)).json()).toMatchObject({ statusCode: 101 });
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch(`${API}/templates`)).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'operationalAdmin' });
    expect((await viewer.fetch(`${API}/templates`)).status).toBe(200);
    expect((await postJson(viewer, `${API}/templates/create`, sampleTemplateInput())).status).toBe(403);
  });

  test("another organisation's template is not found, to read or to change", async () => {
    const foreign = await makeTemplate(t.database.db, kaarina);
    expect((await admin.fetch(`${API}/templates/${foreign}`)).status).toBe(404);
    expect((await postJson(admin, `${API}/templates/${foreign}/update`, sampleTemplateInput())).status).toBe(404);
    expect((await postJson(admin, `${API}/templates/${foreign}/archive`)).status).toBe(404);
    expect(ids(await data(admin.fetch(`${API}/templates-all`)))).not.toContain(foreign);
  });
});

describe('templates and versions', () => {
  test('every update is a new version; the old one stays as it was; all audited', async () => {
    const created = await data(postJson(admin, `${API}/templates/create`, sampleTemplateInput('Kysely')));
    expect(created).toMatchObject({ organisationId: espoo, isGlobal: false, shared: false, version: 1, isArchived: false, editable: true });
    expect(created.questions).toEqual(SAMPLE_QUESTIONS);

    const changed = sampleTemplateInput('Kysely 2', { kind: 'questionnaire', questions: [SAMPLE_QUESTIONS[0]!] });
    const updated = await data(postJson(admin, `${API}/templates/${created.id}/update`, changed));
    expect(updated).toMatchObject({ id: created.id, version: 2, kind: 'questionnaire', name: changed.name });
    expect(updated.questions).toHaveLength(1);
    expect(await data(admin.fetch(`${API}/templates/${created.id}`))).toEqual(updated);

    const versions = await t.database.db
      .select()
      .from(surveyTemplateVersions)
      .where(eq(surveyTemplateVersions.templateId, created.id))
      .orderBy(surveyTemplateVersions.version);
    expect(versions.map((v) => [v.version, v.questions.length, v.name.fi])).toEqual([
      [1, 2, 'Kysely'],
      [2, 1, 'Kysely 2'],
    ]);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'surveyTemplate'), eq(auditLog.objectId, created.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['survey.templateCreate', 'survey.templateUpdate']);
  });

  test('the model is checked: conditions on an earlier question, at least one question, names in each language', async () => {
    const [first, second] = SAMPLE_QUESTIONS;
    const res = await postJson(admin, `${API}/templates/create`, {
      ...sampleTemplateInput(),
      name: { fi: '', se: 'x', en: 'y' },
      questions: [second, first],
    });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toMatchObject({ 'name.fi': 'fields.required', 'questions.0.showIf': 'fields.surveyCondition' });
    const empty = await postJson(admin, `${API}/templates/create`, { ...sampleTemplateInput(), questions: [] });
    expect(fieldKeys(await empty.json())).toMatchObject({ questions: 'fields.surveyQuestions' });
  });

  test('archived: gone from the list, still in templates-all, restored on demand', async () => {
    const created = await data(postJson(admin, `${API}/templates/create`, sampleTemplateInput('Arkistoon')));
    expect(await data(postJson(admin, `${API}/templates/${created.id}/archive`))).toMatchObject({ isArchived: true });
    expect(ids(await data(admin.fetch(`${API}/templates`)))).not.toContain(created.id);
    expect(ids(await data(admin.fetch(`${API}/templates-all`)))).toContain(created.id);
    expect(await data(postJson(admin, `${API}/templates/${created.id}/restore`))).toMatchObject({ isArchived: false });
    expect(ids(await data(admin.fetch(`${API}/templates`)))).toContain(created.id);
  });
});

describe('global templates', () => {
  test('a global admin makes one and shares it; every organisation sees a shared one, read-only', async () => {
    const global = await staffBrowser(t, { isGlobalAdmin: true });
    const plain = await data(postJson(global, `${API}/templates/create`, sampleTemplateInput('Oma globaali', { global: true })));
    const shared = await data(postJson(global, `${API}/templates/create`, sampleTemplateInput('Jaettu', { global: true, shared: true })));
    expect(shared).toMatchObject({ organisationId: null, isGlobal: true, shared: true, editable: true });
    expect(ids(await data(global.fetch(`${API}/templates-all`)))).toEqual(expect.arrayContaining([plain.id, shared.id]));

    const inKaarina = await staffBrowser(t, { organisation: kaarina });
    const listed = ids(await data(inKaarina.fetch(`${API}/templates`)));
    expect(listed).toContain(shared.id);
    expect(listed).not.toContain(plain.id);
    expect(await data(inKaarina.fetch(`${API}/templates/${shared.id}`))).toMatchObject({ editable: false });
    expect((await inKaarina.fetch(`${API}/templates/${plain.id}`)).status).toBe(404);
    expect((await postJson(inKaarina, `${API}/templates/${shared.id}/update`, sampleTemplateInput())).status).toBe(403);
  });

  test('only a global admin makes a global template', async () => {
    expect((await postJson(admin, `${API}/templates/create`, sampleTemplateInput('X', { global: true }))).status).toBe(403);
  });
});

describe("the organisation's survey list", () => {
  test('takes its own and shared global templates, and refuses others', async () => {
    const own = await makeTemplate(t.database.db, espoo);
    const shared = await makeTemplate(t.database.db, null, { shared: true });
    const unshared = await makeTemplate(t.database.db, null);
    const foreign = await makeTemplate(t.database.db, kaarina);
    const refused = await setSurveyList(admin, espoo, [own, unshared, foreign, 'not-an-id']);
    expect(refused.status).toBe(400);
    expect(fieldKeys(await refused.json())).toEqual({
      'surveys.1': 'fields.invalid',
      'surveys.2': 'fields.invalid',
      'surveys.3': 'fields.invalid',
    });
    expect((await setSurveyList(admin, espoo, [own, shared])).status).toBe(200);
    expect(await surveyList(espoo)).toEqual([own, shared]);
    const listed = await data(admin.fetch(`${API}/templates`));
    expect(
      listed
        .filter((x: { inUse: boolean }) => x.inUse)
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([own, shared].sort());

    const { browser: expert } = await expertBrowser(t);
    expect(ids(await data(expert.fetch('/api/survey-expert/templates'))).sort()).toEqual([own, shared].sort());
  });
});

describe('surveys of a service and an appointment', () => {
  test('a service carries surveys of the list with their timing; an appointment adds its own', async () => {
    const inList = await makeTemplate(t.database.db, espoo, { name: 'Palaute' });
    const notInList = await makeTemplate(t.database.db, espoo);
    expect((await setSurveyList(admin, espoo, [...(await surveyList(espoo)), inList])).status).toBe(200);
    const [service] = await t.database.db.select().from(services).where(eq(services.organisationId, espoo)).limit(1);
    const detail = await data(admin.fetch(`/api/admin/services/${service!.id}`));
    const body = { ...detail, id: undefined, position: undefined, openingHours: undefined };

    const refused = await postJson(admin, `/api/admin/services/${service!.id}/update`, {
      ...body,
      surveys: [{ templateId: notInList, timing: 'after' }],
    });
    expect(refused.status).toBe(400);
    expect(fieldKeys(await refused.json())).toEqual({ 'surveys.0': 'fields.invalid' });

    const saved = await data(
      postJson(admin, `/api/admin/services/${service!.id}/update`, { ...body, surveys: [{ templateId: inList, timing: 'after' }] }),
    );
    expect(saved.surveys).toEqual([{ templateId: inList, timing: 'after' }]);
    // Left out, they stay as they are.
    const kept = await data(postJson(admin, `/api/admin/services/${service!.id}/update`, { ...body, surveys: undefined }));
    expect(kept.surveys).toEqual([{ templateId: inList, timing: 'after' }]);
  });

  test('an admin appointment carries its own; surveysForAppointment: current versions, archived and unlisted left out', async () => {
    const listed = await makeTemplate(t.database.db, espoo, { name: 'Ennen' });
    const archived = await makeTemplate(t.database.db, espoo, { name: 'Arkistoitu' });
    const unlisted = await makeTemplate(t.database.db, espoo, { name: 'Ei listalla' });
    expect((await setSurveyList(admin, espoo, [...(await surveyList(espoo)), listed, archived])).status).toBe(200);
    const expert = await bookingExpert(t, espoo, 'nurse');
    const booking = (surveys: unknown) => ({
      kind: 'oneOnOne',
      expertId: expert.id,
      date: localDateAt(minutesFromNow(10 * 24 * 60)),
      startTime: '09:00',
      durationMinutes: 30,
      sendConfirmation: false,
      patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email: 'aino@test.example', language: 'fi', nationality: 'FI' },
      surveys,
    });
    const refused = await postJson(admin, '/api/admin/bookings/create', booking([{ templateId: unlisted, timing: 'after' }]));
    expect(fieldKeys(await refused.json())).toEqual({ 'surveys.0': 'fields.invalid' });
    const attached = [
      { templateId: listed, timing: 'before' },
      { templateId: archived, timing: 'after' },
    ];
    const created = await data(postJson(admin, '/api/admin/bookings/create', booking(attached)));
    expect(created.attachedSurveys).toHaveLength(2);
    expect(created.attachedSurveys).toEqual(expect.arrayContaining(attached));

    await data(postJson(admin, `${API}/templates/${archived}/archive`));
    await data(postJson(admin, `${API}/templates/${listed}/update`, sampleTemplateInput('Ennen v2')));
    const [version2] = await t.database.db
      .select({ id: surveyTemplateVersions.id })
      .from(surveyTemplateVersions)
      .where(and(eq(surveyTemplateVersions.templateId, listed), eq(surveyTemplateVersions.version, 2)));
    expect(await surveysForAppointment(t.database.db, created.id)).toEqual([
      { templateId: listed, versionId: version2!.id, name: sampleTemplateInput('Ennen v2').name, timing: 'before' },
    ]);
  });
});

describe('red-flag options (issue 29)', () => {
  /** SAMPLE_QUESTIONS with 'no' (did not get help) marked as a red flag. */
  const flagged = SAMPLE_QUESTIONS.map((q) =>
    q.id === 'helped' ? { ...q, options: q.options!.map((o) => (o.id === 'no' ? { ...o, redFlag: true } : o)) } : q,
  );
  const marks = (template: { questions: typeof SAMPLE_QUESTIONS }) => template.questions[0]!.options!.map((o) => o.redFlag ?? false);

  test('the mark is kept on save and in each new version; unmarking it saves a version without it', async () => {
    const created = await data(postJson(admin, `${API}/templates/create`, sampleTemplateInput('Oirekysely', { questions: flagged })));
    expect(marks(created)).toEqual([false, true]);
    expect(marks(await data(admin.fetch(`${API}/templates/${created.id}`)))).toEqual([false, true]);
    const renamed = await data(
      postJson(admin, `${API}/templates/${created.id}/update`, sampleTemplateInput('Oirekysely 2', { questions: flagged })),
    );
    expect(renamed.version).toBe(2);
    expect(marks(renamed)).toEqual([false, true]);
    const unmarked = await data(postJson(admin, `${API}/templates/${created.id}/update`, sampleTemplateInput('Oirekysely 3')));
    expect(marks(unmarked)).toEqual([false, false]);
    // The first version, which answers may point at, keeps its mark.
    const [first] = await t.database.db
      .select({ questions: surveyTemplateVersions.questions })
      .from(surveyTemplateVersions)
      .where(and(eq(surveyTemplateVersions.templateId, created.id), eq(surveyTemplateVersions.version, 1)));
    expect(marks(first!)).toEqual([false, true]);
  });

  test("a global admin's global template keeps it too; a mark that is not true or false is refused", async () => {
    const global = await staffBrowser(t, { isGlobalAdmin: true });
    const created = await data(
      postJson(global, `${API}/templates/create`, sampleTemplateInput('Yhteinen', { questions: flagged, global: true })),
    );
    expect(created.isGlobal).toBe(true);
    expect(marks(created)).toEqual([false, true]);
    const bad = flagged.map((q) => (q.id === 'helped' ? { ...q, options: q.options!.map((o) => ({ ...o, redFlag: 'yes' })) } : q));
    const res = await postJson(admin, `${API}/templates/create`, { ...sampleTemplateInput(), questions: bad });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toHaveProperty(['questions.0.options.0.redFlag']);
  });
});
