import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { ZPendingSurvey } from '@prsp/contracts';
import { surveyResponses } from '../../db/schema';
import { AINO, ELIAS } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson } from '../patients/patient.steps';

const ctx = patientTestApp();

describe('GET /api/surveys/pending', () => {
  test('the effective patient’s unanswered surveys in the selected organisation only', async () => {
    const aino = await ctx.patientIdOf(AINO);
    const elias = await ctx.patientIdOf(ELIAS);
    const name = (n: string) => ({ fi: n, se: n, en: n });
    const [pending] = await ctx.db
      .insert(surveyResponses)
      .values([
        { organisationId: ctx.espoo.id, patientId: elias, surveyName: name('pending') },
        { organisationId: ctx.espoo.id, patientId: elias, surveyName: name('answered'), respondedAt: new Date() },
        { organisationId: ctx.kaarina.id, patientId: elias, surveyName: name('elsewhere') },
        { organisationId: ctx.espoo.id, patientId: aino, surveyName: name('aino’s own') },
      ])
      .returning({ id: surveyResponses.id });
    const browser = await ctx.signedIn(AINO);
    await onboard(browser, ctx.espoo.id);
    const own = z.array(ZPendingSurvey).parse(await okData(browser.fetch('/api/surveys/pending')));
    expect(own.map((s) => s.survey_name.fi)).toEqual(['aino’s own']);
    await ctx.actFor(browser, ELIAS);
    await onboard(browser, ctx.espoo.id);
    expect(await okData(browser.fetch('/api/surveys/pending'))).toEqual([{ response_id: pending!.id, survey_name: name('pending') }]);
  });

  test('refusals: 101 signed out, 404 without organisation, 403 without terms', async () => {
    await expectError(ctx.guest().fetch('/api/surveys/pending'), 401, 101);
    // A person the seed does not know: no organisation chosen yet.
    const fresh = await ctx.signedIn('010160W1359');
    await expectError(fresh.fetch('/api/surveys/pending'), 404, 404);
    await okData(postJson(fresh, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    await expectError(fresh.fetch('/api/surveys/pending'), 403, 403);
  });
});
