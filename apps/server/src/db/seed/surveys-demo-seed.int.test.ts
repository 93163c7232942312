import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ZSurveyQuestions } from '@prsp/contracts';
import { organisations, patients, services, surveyResponses, serviceSurveys, surveyTemplates, surveyTemplateVersions } from '../schema';
import { organisationId, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { seedDemoBookings } from './booking-demo-seed';
import { seedDemoSurveys } from './surveys-demo-seed';

// The demo data is the demo's alone (main.ts seeds it): this file seeds it into its own database to check it.
let t: TestApp;
beforeAll(async () => {
  ({ t } = await startStaffTestApp());
});
afterAll(() => t.close());

test('espoo-demo gets a feedback survey and a symptom questionnaire in use, on the nurse service, and Matti a pending survey; once', async () => {
  const db = t.database.db;
  // As main.ts: the bookings first, so Matti's past appointment is there to carry the feedback survey.
  await db.transaction((tx) => seedDemoBookings(tx));
  await db.transaction((tx) => seedDemoSurveys(tx));
  await db.transaction((tx) => seedDemoSurveys(tx));
  const espoo = await organisationId(t, 'espoo-demo');
  const templates = await db
    .select({ id: surveyTemplates.id, kind: surveyTemplates.kind, name: surveyTemplates.name, questions: surveyTemplateVersions.questions })
    .from(surveyTemplates)
    .innerJoin(surveyTemplateVersions, eq(surveyTemplateVersions.templateId, surveyTemplates.id))
    .where(eq(surveyTemplates.organisationId, espoo));
  expect(templates.map((x) => [x.kind, x.name.en]).sort()).toEqual([
    ['questionnaire', 'Symptom questionnaire'],
    ['survey', 'Feedback survey'],
  ]);
  for (const x of templates) expect(ZSurveyQuestions.safeParse(x.questions).success, x.name.en).toBe(true);
  const feedback = templates.find((x) => x.kind === 'survey')!;
  expect(feedback.questions.map((q) => q.type)).toEqual(['faces', 'scale', 'single', 'text']);
  expect(feedback.questions[3]!.showIf).toBeDefined();

  const [org] = await db.select({ surveys: organisations.surveys }).from(organisations).where(eq(organisations.id, espoo));
  expect([...org!.surveys].sort()).toEqual(templates.map((x) => x.id).sort());
  const attached = await db
    .select({ slug: services.slug, templateId: serviceSurveys.templateId, timing: serviceSurveys.timing })
    .from(serviceSurveys)
    .innerJoin(services, eq(services.id, serviceSurveys.serviceId));
  expect(attached.map((a) => [a.slug, templates.find((x) => x.id === a.templateId)!.kind, a.timing]).sort()).toEqual([
    ['nurse', 'questionnaire', 'before'],
    ['nurse', 'survey', 'after'],
  ]);

  const pending = await db
    .select({ givenName: patients.givenName, surveyName: surveyResponses.surveyName, respondedAt: surveyResponses.respondedAt })
    .from(surveyResponses)
    .innerJoin(patients, eq(patients.id, surveyResponses.patientId));
  expect(pending).toEqual([{ givenName: 'Matti', surveyName: feedback.name, respondedAt: null }]);
});
