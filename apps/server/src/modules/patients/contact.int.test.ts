import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ZContact, type Contact } from '@prsp/contracts';
import { auditLog, patientContacts } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { AINO, ELIAS, HELMI, LILJA, MATTI, SARA } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson, VALID_CONTACT } from './patient.steps';

const ctx = patientTestApp();

const save = (b: TestBrowser, body: unknown) => postJson(b, '/api/contact', body);

describe('GET /api/contact', () => {
  test('not signed in: 101', async () => {
    await expectError(ctx.guest().fetch('/api/contact'), 401, 101);
  });

  test('before saving: names from the identity, empty fields, country fi, terms not accepted (no organisation yet)', async () => {
    const browser = await ctx.signedIn(SARA);
    const contact = ZContact.parse(await okData(browser.fetch('/api/contact')));
    expect(contact).toEqual({
      firstName: 'Sara',
      lastName: 'Lindholm',
      street: '',
      code: '',
      city: '',
      mobile: '',
      email: '',
      country: 'fi',
      nationality: '',
      termsAccepted: false,
    });
  });

  test('termsAccepted follows the selected organisation; true where terms are switched off', async () => {
    const browser = await ctx.signedIn(HELMI);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    expect((await okData<Contact>(browser.fetch('/api/contact'))).termsAccepted).toBe(false);
    const restore = await ctx.setFlags(ctx.kaarina.id, { termsAndConditionsEnabled: false });
    try {
      expect((await okData<Contact>(browser.fetch('/api/contact'))).termsAccepted).toBe(true);
    } finally {
      await restore();
    }
    await okData(postJson(browser, '/api/terms/accept'));
    expect((await okData<Contact>(browser.fetch('/api/contact'))).termsAccepted).toBe(true);
  });

  test('contactEnabled off in the selected organisation: 403 for reading and saving', async () => {
    const browser = await ctx.signedIn(HELMI);
    await onboard(browser, ctx.kaarina.id);
    const restore = await ctx.setFlags(ctx.kaarina.id, { contactEnabled: false });
    try {
      await expectError(browser.fetch('/api/contact'), 403, 403);
      await expectError(save(browser, VALID_CONTACT), 403, 403);
    } finally {
      await restore();
    }
  });
});

describe('POST /api/contact', () => {
  test('saves, trims, and answers the saved contact; names stay the identity’s whatever is sent; audited', async () => {
    const browser = await ctx.signedIn(MATTI);
    const saved = await okData<Contact>(save(browser, { ...VALID_CONTACT, street: '  Kauppatori 2 ', firstName: 'Evil', lastName: 'X' }));
    expect(saved).toMatchObject({ ...VALID_CONTACT, street: 'Kauppatori 2', firstName: 'Matti', lastName: 'Korhonen' });
    expect(await okData(browser.fetch('/api/contact'))).toEqual(saved);
    const matti = await ctx.patientIdOf(MATTI);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.contact.save'), eq(auditLog.actorId, matti)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('Kauppatori');
  });

  test.each([
    ['street', { street: '' }, 'fields.required'],
    ['city', { city: '   ' }, 'fields.required'],
    ['code', { code: '0010' }, 'fields.postalCode'],
    ['code', { code: '001000' }, 'fields.postalCode'],
    ['mobile', { mobile: '04-12' }, 'fields.mobile'],
    ['mobile', { mobile: 'a0401234567' }, 'fields.mobile'],
    ['email', { email: 'not-an-address' }, 'fields.email'],
    ['country', { country: 'zz' }, 'fields.invalid'],
    ['nationality', { nationality: 'FIN' }, 'fields.invalid'],
  ])('a bad %s answers 400 with %s', async (field, patch, messageKey) => {
    const browser = await ctx.signedIn(MATTI);
    const body = await expectError(save(browser, { ...VALID_CONTACT, ...patch }), 400, 400);
    expect(body.fields).toContainEqual(expect.objectContaining({ field, messageKey }));
  });

  test('field messages come in the request’s language', async () => {
    const browser = await ctx.signedIn(MATTI);
    const body = await expectError(postJson(browser, '/api/contact?lang=en', { ...VALID_CONTACT, code: '1' }), 400, 400);
    expect(body.fields).toEqual([{ field: 'code', messageKey: 'fields.postalCode', message: 'The postal code must have 5 characters.' }]);
  });

  test('a mobile starting with + or a digit, then digits (spaces and dashes dropped), passes', async () => {
    const browser = await ctx.signedIn(MATTI);
    expect((await okData<Contact>(save(browser, { ...VALID_CONTACT, mobile: '0401234567' }))).mobile).toBe('0401234567');
    // Spaces and dashes are dropped before the check, and the digits are what is kept.
    expect((await okData<Contact>(save(browser, { ...VALID_CONTACT, mobile: '040 123 4567' }))).mobile).toBe('0401234567');
    expect((await okData<Contact>(save(browser, { ...VALID_CONTACT, mobile: ' +358 40-123 45 67' }))).mobile).toBe('+358401234567');
  });

  test('not signed in: 101', async () => {
    const anonymous = ctx.guest();
    await anonymous.fetch('/api/list/countries');
    await expectError(save(anonymous, VALID_CONTACT), 401, 101);
  });

  test('one patient never sees another’s contact', async () => {
    const a = await ctx.signedIn(SARA);
    const b = await ctx.signedIn(ELIAS);
    await okData(save(a, { ...VALID_CONTACT, email: 'sara@example.fi' }));
    const seenByB = await okData<Contact>(b.fetch('/api/contact'));
    expect(seenByB).toMatchObject({ firstName: 'Elias', email: '', street: '' });
  });
});

describe('acting on behalf', () => {
  test('without contact details of their own the delegate is told to save them first', async () => {
    const browser = await ctx.signedIn(AINO);
    await ctx.db.delete(patientContacts).where(eq(patientContacts.patientId, await ctx.patientIdOf(AINO)));
    await ctx.actFor(browser, LILJA);
    const body = await expectError(save(browser, VALID_CONTACT), 400, 400);
    expect(body.fields).toEqual([
      { field: 'mobile', messageKey: 'fields.ownContactRequired', message: expect.stringContaining('omat yhteystietosi') },
      { field: 'email', messageKey: 'fields.ownContactRequired', message: expect.stringContaining('omat yhteystietosi') },
    ]);
  });

  test('the principal’s record takes the delegate’s own mobile and e-mail; sent values are ignored; audited with both', async () => {
    const browser = await ctx.signedIn(AINO);
    await ctx.actFor(browser, null);
    await okData(save(browser, { ...VALID_CONTACT, mobile: '+358401111111', email: 'aino@example.fi' }));
    await ctx.actFor(browser, LILJA);

    const before = await okData<Contact>(browser.fetch('/api/contact'));
    expect(before).toMatchObject({
      firstName: 'Lilja',
      lastName: 'Virtanen',
      street: '',
      mobile: '+358401111111',
      email: 'aino@example.fi',
    });

    // The form's read-only fields may arrive empty or altered: neither matters.
    const saved = await okData<Contact>(save(browser, { ...VALID_CONTACT, street: 'Lastentie 3', mobile: '', email: 'x@evil.example' }));
    expect(saved).toMatchObject({ firstName: 'Lilja', street: 'Lastentie 3', mobile: '+358401111111', email: 'aino@example.fi' });
    const lilja = await ctx.patientIdOf(LILJA);
    const [row] = await ctx.db.select().from(patientContacts).where(eq(patientContacts.patientId, lilja));
    expect(row).toMatchObject({ street: 'Lastentie 3', mobile: '+358401111111', email: 'aino@example.fi' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.contact.save'), eq(auditLog.onBehalfOf, lilja)));
    expect(audit).toEqual([expect.objectContaining({ actorId: await ctx.patientIdOf(AINO), objectId: lilja })]);

    // Acting as herself again, Aino's own record is as she left it.
    await ctx.actFor(browser, null);
    expect(await okData<Contact>(browser.fetch('/api/contact'))).toMatchObject({ firstName: 'Aino', street: VALID_CONTACT.street });
  });

  test('the principal’s organisation rules apply, not the delegate’s', async () => {
    const browser = await ctx.signedIn(AINO);
    await ctx.actFor(browser, null);
    await onboard(browser, ctx.espoo.id);
    await ctx.actFor(browser, ELIAS);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    const restore = await ctx.setFlags(ctx.kaarina.id, { contactEnabled: false });
    try {
      await expectError(browser.fetch('/api/contact'), 403, 403);
      await ctx.actFor(browser, null);
      await okData(browser.fetch('/api/contact'));
    } finally {
      await restore();
    }
  });
});
