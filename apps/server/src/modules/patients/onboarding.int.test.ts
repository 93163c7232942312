import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ZPatientStatus, type PatientStatus } from '@prsp/contracts';
import { auditLog, patients, termsAcceptances, welcomeOptOuts } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { AINO, ELIAS, HELMI, LILJA, MATTI, SARA } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson, VALID_CONTACT } from './patient.steps';

const ctx = patientTestApp();

describe('onboarding status and terms', () => {
  test('a new patient walks the steps: status answers each one', async () => {
    const browser = await ctx.signedIn(SARA);
    const status = () => okData<PatientStatus>(browser.fetch('/api/patient/status'));
    expect(ZPatientStatus.parse(await status())).toEqual({
      hasOrganisation: false,
      termsAccepted: false,
      contactSaved: false,
      dontShowWelcome: false,
    });
    await expectError(postJson(browser, '/api/terms/accept'), 404, 404);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.espoo.id }));
    expect(await status()).toMatchObject({ hasOrganisation: true, termsAccepted: false });
    await okData(postJson(browser, '/api/contact', { ...VALID_CONTACT, email: 'sara@example.fi' }));
    expect(await status()).toMatchObject({ contactSaved: true, termsAccepted: false });
    const accepted = await okData<PatientStatus>(postJson(browser, '/api/terms/accept'));
    expect(accepted).toEqual({ hasOrganisation: true, termsAccepted: true, contactSaved: true, dontShowWelcome: false });
    await okData(postJson(browser, '/api/welcome', { dontShowAgain: true }));
    expect(await status()).toEqual({ hasOrganisation: true, termsAccepted: true, contactSaved: true, dontShowWelcome: true });
    // Terms are the organisation's own: another organisation asks again.
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    expect(await status()).toMatchObject({ termsAccepted: false });
  });

  test('accepting twice keeps one acceptance; both persons are audited while acting', async () => {
    const browser = await ctx.signedIn(AINO);
    await ctx.actFor(browser, ELIAS);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    await okData(postJson(browser, '/api/terms/accept'));
    await okData(postJson(browser, '/api/terms/accept'));
    const elias = await ctx.patientIdOf(ELIAS);
    const rows = await ctx.db.select().from(termsAcceptances).where(eq(termsAcceptances.patientId, elias));
    expect(rows.map((r) => r.organisationId)).toEqual([ctx.kaarina.id]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.terms.accept'), eq(auditLog.onBehalfOf, elias)));
    expect(audit[0]).toMatchObject({ actorId: await ctx.patientIdOf(AINO), objectId: ctx.kaarina.id });
    // The delegate herself has accepted nothing.
    expect(
      await ctx.db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.patientId, await ctx.patientIdOf(AINO))),
    ).toEqual([]);
  });

  test('not signed in: 101 for status and terms', async () => {
    await expectError(ctx.guest().fetch('/api/patient/status'), 401, 101);
    await expectError(postJson(await ctx.anonymous(), '/api/terms/accept'), 401, 101);
  });
});

describe('welcome preference', () => {
  test('stored per e-mail as a keyed hash, not per person', async () => {
    const browser = await ctx.signedIn(MATTI);
    await onboard(browser, ctx.espoo.id);
    expect(await okData(browser.fetch('/api/welcome'))).toEqual({ dontShowAgain: false });
    await expectError(postJson(browser, '/api/welcome', { dontShowAgain: true }), 400, 400);
    await okData(postJson(browser, '/api/contact', { ...VALID_CONTACT, email: 'Shared.Address@Example.fi' }));
    expect(await okData(postJson(browser, '/api/welcome', { dontShowAgain: true }))).toEqual({ dontShowAgain: true });
    expect(await okData(browser.fetch('/api/welcome'))).toEqual({ dontShowAgain: true });
    const hash = createFieldCipher(ctx.t.config.dataKey).keyedHash('shared.address@example.fi');
    expect(await ctx.db.select().from(welcomeOptOuts).where(eq(welcomeOptOuts.emailHash, hash))).toHaveLength(1);

    // Another person with the same address (any case) shares the flag; one without it does not see it.
    const other = await ctx.signedIn(HELMI);
    expect(await okData(other.fetch('/api/welcome'))).toEqual({ dontShowAgain: false });
    await onboard(other, ctx.espoo.id);
    await okData(postJson(other, '/api/contact', { ...VALID_CONTACT, email: 'shared.address@example.FI' }));
    expect(await okData(other.fetch('/api/welcome'))).toEqual({ dontShowAgain: true });

    expect(await okData(postJson(browser, '/api/welcome', { dontShowAgain: false }))).toEqual({ dontShowAgain: false });
    expect(await okData(other.fetch('/api/welcome'))).toEqual({ dontShowAgain: false });
  });

  test('setting it needs accepted terms (403) and a boolean (400); reading needs a session (101)', async () => {
    const browser = await ctx.signedIn(LILJA);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.espoo.id }));
    await expectError(postJson(browser, '/api/welcome', { dontShowAgain: true }), 403, 403);
    await okData(postJson(browser, '/api/terms/accept'));
    const body = await expectError(postJson(browser, '/api/welcome', { dontShowAgain: 'yes' }), 400, 400);
    expect(body.fields?.[0]).toMatchObject({ field: 'dontShowAgain' });
    await expectError(ctx.guest().fetch('/api/welcome'), 401, 101);
  });
});

describe('POST /api/client_params', () => {
  const ownRow = async (ssn: string) =>
    (
      await ctx.db
        .select()
        .from(patients)
        .where(eq(patients.id, await ctx.patientIdOf(ssn)))
    )[0]!;

  test('stores language (sv as se) and the canonical time zone on the signed-in person, even while acting', async () => {
    const browser = await ctx.signedIn(AINO);
    expect(await okData(postJson(browser, '/api/client_params', { lang: 'sv', timezone: 'europe/helsinki' }))).toEqual({
      lang: 'se',
      timezone: 'Europe/Helsinki',
    });
    expect(await ownRow(AINO)).toMatchObject({ lang: 'se', timezone: 'Europe/Helsinki' });
    await ctx.actFor(browser, LILJA);
    await okData(postJson(browser, '/api/client_params', { lang: 'en', timezone: 'UTC' }));
    expect(await ownRow(AINO)).toMatchObject({ lang: 'en', timezone: 'UTC' });
    expect(await ownRow(LILJA)).toMatchObject({ lang: null, timezone: null });
    await ctx.actFor(browser, null);
  });

  test.each([
    [{ lang: 'de', timezone: 'Europe/Helsinki' }, 'lang', 'fields.invalid'],
    [{ lang: 'fi', timezone: 'Mars/Olympus' }, 'timezone', 'fields.invalid'],
    [{ lang: 'fi' }, 'timezone', 'fields.required'],
    [{ lang: 'finnish', timezone: 'UTC' }, 'lang', 'fields.tooLong'],
  ])('%o answers 400 naming %s', async (payload, field, messageKey) => {
    const browser = await ctx.signedIn(MATTI);
    const body = await expectError(postJson(browser, '/api/client_params', payload), 400, 400);
    expect(body.fields).toContainEqual(expect.objectContaining({ field, messageKey }));
  });

  test('not signed in: 101', async () => {
    await expectError(postJson(await ctx.anonymous(), '/api/client_params', { lang: 'fi', timezone: 'UTC' }), 401, 101);
  });
});
