import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EmailPreview, EmailTemplate } from '@prsp/contracts';
import { auditLog, emailTemplates, outboxEmails } from '../../db/schema';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { TestBrowser } from '../../test/http-client';
import { signInStaff } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const TEMPLATES = '/api/admin/organisation/email-templates';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAIL_CATCHER_PORT: '0' });
});
afterAll(() => t.close());

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const post = (b: TestBrowser, path: string, body: unknown) => b.fetch(path, { method: 'POST', ...json(body) });
const del = (b: TestBrowser, id: string, body: unknown) => b.fetch(`${TEMPLATES}/${id}`, { method: 'DELETE', ...json(body) });

async function admin(opts: Parameters<typeof signInStaff>[2] = {}) {
  const browser = new TestBrowser(t.baseUrl);
  const who = await signInStaff(t, browser, opts);
  return { browser, ...who };
}

async function list(b: TestBrowser): Promise<EmailTemplate[]> {
  const res = await b.fetch(TEMPLATES);
  expect(res.status).toBe(200);
  return (await res.json()).data.templates;
}

const custom = {
  kind: 'registration',
  language: 'se',
  senderName: 'Esbo distansmottagning',
  senderAddress: 'noreply@esbo.example',
  title: 'Välkommen {{firstName}}',
  content: 'Hej {{firstName}}!\n\nLänk: {{link}}',
};

describe('GET, POST and DELETE /api/admin/organisation/email-templates', () => {
  test('lists every kind in every language as the default, with the tags of each kind', async () => {
    const { browser } = await admin();
    const templates = await list(browser);
    expect(templates.map((x) => `${x.kind}/${x.language}/${x.source}`)).toEqual([
      'registration/fi/default',
      'registration/se/default',
      'registration/en/default',
      'passwordReset/fi/default',
      'passwordReset/se/default',
      'passwordReset/en/default',
      ...[
        'bookingConfirmation',
        'expertBookingConfirmation',
        'bookingUpdated',
        'bookingCancellation',
        'guestCancellation',
        'bookingReminder',
        'guestInvitation',
        'messageReceived',
        'surveyReminder',
        'surveyForwarded',
        'bookingsChanged',
      ].flatMap((kind) => ['fi', 'se', 'en'].map((language) => `${kind}/${language}/default`)),
    ]);
    expect(templates[2]).toMatchObject({
      id: null,
      senderName: '',
      senderAddress: '',
      inheritedSender: { name: 'PRSP', address: 'no-reply@prsp.example' },
      title: 'Set your password – {{organisationName}}',
      tags: ['firstName', 'lastName', 'organisationName', 'link', 'validFor'],
      updatedAt: null,
    });
  });

  test('save makes a custom template that sending uses; saving again replaces it; reset restores the default', async () => {
    const { browser, userId, organisationId } = await admin();
    const saved = await post(browser, TEMPLATES, { template: { ...custom, title: '  Välkommen {{firstName}}  ' } });
    expect(saved.status).toBe(200);
    const first: EmailTemplate = (await saved.json()).data;
    expect(first).toMatchObject({ ...custom, source: 'custom' });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    const again: EmailTemplate = (await (await post(browser, TEMPLATES, { template: { ...custom, title: 'Hej igen' } })).json()).data;
    expect(again.id).toBe(first.id);
    const shown = (await list(browser)).find((x) => x.kind === 'registration' && x.language === 'se')!;
    expect(shown).toMatchObject({ id: first.id, source: 'custom', title: 'Hej igen' });
    // Only that kind and language changed.
    expect((await list(browser)).filter((x) => x.source === 'custom')).toHaveLength(1);

    await t.database.db.transaction((tx) =>
      sendTemplatedEmail(tx, {
        sender: t.config.mail.sender,
        organisationId,
        kind: 'registration',
        language: 'se',
        to: 'x@test.example',
        tags: { firstName: 'Ada', link: 'https://l.example' },
      }),
    );
    const [queued] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'x@test.example'));
    expect(queued).toMatchObject({ subject: 'Hej igen', fromAddress: 'noreply@esbo.example', text: 'Hej Ada!\n\nLänk: https://l.example' });

    // The wrong language does not reset it.
    expect((await del(browser, first.id!, { language: 'fi' })).status).toBe(404);
    const reset = await del(browser, first.id!, { language: 'se' });
    expect(reset.status).toBe(200);
    expect((await reset.json()).data).toMatchObject({
      id: null,
      source: 'default',
      kind: 'registration',
      language: 'se',
      title: 'Ställ in ditt lösenord – {{organisationName}}',
    });
    expect((await list(browser)).every((x) => x.source === 'default')).toBe(true);
    // Once reset, it is gone: a second reset finds nothing.
    expect((await del(browser, first.id!, { language: 'se' })).status).toBe(404);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(audit.map((a) => a.action)).toEqual(['emailTemplate.save', 'emailTemplate.save', 'emailTemplate.reset']);
    expect(audit[2]).toMatchObject({
      actorType: 'staff',
      objectType: 'emailTemplate',
      objectId: first.id,
      details: { organisationId, kind: 'registration', language: 'se' },
    });
  });

  test("another organisation's template cannot be seen or reset (404) and stays as it was", async () => {
    const kaarina = await admin({ organisation: 'kaarina-demo' });
    const theirs: EmailTemplate = (
      await (await post(kaarina.browser, TEMPLATES, { template: { ...custom, language: 'fi', title: 'Kaarina' } })).json()
    ).data;
    const espoo = await admin({ organisation: 'espoo-demo' });
    expect((await list(espoo.browser)).some((x) => x.id === theirs.id)).toBe(false);
    const res = await del(espoo.browser, theirs.id!, { language: 'fi' });
    expect(res.status).toBe(404);
    expect((await res.json()).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, theirs.id!));
    expect(still).toMatchObject({ title: 'Kaarina' });
    expect((await list(kaarina.browser)).find((x) => x.id === theirs.id)).toMatchObject({ title: 'Kaarina' });
  });

  test('refuses invalid templates with the field message keys', async () => {
    const { browser } = await admin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'template.title', 'fields.required'],
      [{ content: '' }, 'template.content', 'fields.required'],
      [{ senderName: 'x'.repeat(101) }, 'template.senderName', 'fields.tooLong'],
      [{ senderAddress: 'not an address' }, 'template.senderAddress', 'fields.email'],
      [{ title: 'x'.repeat(201) }, 'template.title', 'fields.tooLong'],
      [{ content: 'x'.repeat(10_001) }, 'template.content', 'fields.tooLong'],
      [{ title: 'a\nBcc: y@example.com' }, 'template.title', 'fields.controlCharacters'],
      [{ kind: 'noSuchKind' }, 'template.kind', 'fields.invalid'],
      [{ language: 'de' }, 'template.language', 'fields.invalid'],
    ];
    for (const [patch, field, messageKey] of cases) {
      const res = await post(browser, TEMPLATES, { template: { ...custom, ...patch } });
      expect(res.status, JSON.stringify(patch).slice(0, 60)).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ status: 'error', statusCode: 400 });
      expect(body.fields).toContainEqual(expect.objectContaining({ field, messageKey }));
    }
    expect((await del(browser, 'not-a-uuid', { language: 'fi' })).status).toBe(400);
    expect((await del(browser, '00000000-0000-4000-8000-000000000000', { language: 'xx' })).status).toBe(400);
    expect((await list(browser)).every((x) => x.source === 'default')).toBe(true);
  });
});

describe('POST /api/admin/organisation/email-templates/preview', () => {
  test('renders subject, text and HTML with sample values, the organisation name, and given tags; markup is escaped', async () => {
    const { browser } = await admin();
    const res = await post(browser, `${TEMPLATES}/preview`, {
      template: {
        kind: 'passwordReset',
        language: 'fi',
        title: '{{organisationName}}: {{firstName}}',
        content: '<b>Hei</b> {{firstName}} {{lastName}}\n\n{{link}} {{validFor}} {{oops}}',
      },
      tags: { lastName: '<script>x</script>' },
    });
    expect(res.status).toBe(200);
    const preview: EmailPreview = (await res.json()).data;
    expect(preview.subject).toBe('Espoon etävastaanotto: Maija');
    expect(preview.text).toBe('<b>Hei</b> Maija <script>x</script>\n\nhttps://prsp.example/example-link 30 minuuttia {{oops}}');
    expect(preview.html).toContain('<p>&lt;b&gt;Hei&lt;/b&gt; Maija &lt;script&gt;x&lt;/script&gt;</p>');
    expect(preview.html).toContain('<a href="https://prsp.example/example-link">');
    expect(preview.html).not.toContain('<script>');
  });

  test('an empty draft previews too (the editor previews while typing)', async () => {
    const { browser } = await admin();
    const res = await post(browser, `${TEMPLATES}/preview`, { template: { kind: 'registration', language: 'en', title: '', content: '' } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ subject: '', text: '' });
  });
});

describe('access', () => {
  test('not signed in: 101 on every route', async () => {
    const anon = new TestBrowser(t.baseUrl);
    await anon.fetch('/api/auth/check'); // gets a CSRF cookie, so CSRF is not what refuses
    for (const res of [
      await anon.fetch(TEMPLATES),
      await post(anon, TEMPLATES, { template: custom }),
      await post(anon, `${TEMPLATES}/preview`, { template: { kind: 'registration', language: 'fi', title: '', content: '' } }),
      await del(anon, '00000000-0000-4000-8000-000000000000', { language: 'fi' }),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json()).statusCode).toBe(101);
    }
  });

  test('a booker (no service settings rights) gets 403 on every route', async () => {
    const { browser } = await admin({ preset: 'booker' });
    expect((await browser.fetch(TEMPLATES)).status).toBe(403);
    expect((await post(browser, TEMPLATES, { template: custom })).status).toBe(403);
    expect(
      (await post(browser, `${TEMPLATES}/preview`, { template: { kind: 'registration', language: 'fi', title: '', content: '' } })).status,
    ).toBe(403);
    expect((await del(browser, '00000000-0000-4000-8000-000000000000', { language: 'fi' })).status).toBe(403);
  });

  test('an operational admin (view only) may list and preview but not save or reset', async () => {
    const owner = await admin();
    const saved: EmailTemplate = (await (await post(owner.browser, TEMPLATES, { template: { ...custom, kind: 'passwordReset' } })).json())
      .data;
    const { browser } = await admin({ preset: 'operationalAdmin' });
    expect((await list(browser)).find((x) => x.id === saved.id)).toBeDefined();
    expect(
      (await post(browser, `${TEMPLATES}/preview`, { template: { kind: 'registration', language: 'fi', title: 't', content: 'c' } }))
        .status,
    ).toBe(200);
    expect((await post(browser, TEMPLATES, { template: custom })).status).toBe(403);
    expect((await del(browser, saved.id!, { language: 'se' })).status).toBe(403);
    const rows = await t.database.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.id, saved.id!)));
    expect(rows).toHaveLength(1);
  });

  test('a custom membership with the service settings edit right may save', async () => {
    const none = { view: false, edit: false };
    const rights = { chatCodes: none, experts: none, bookings: none, users: none, serviceSettings: { view: false, edit: true } };
    const { browser } = await admin({ preset: 'custom', rights, organisation: 'kaarina-demo' });
    expect((await post(browser, TEMPLATES, { template: { ...custom, language: 'en' } })).status).toBe(200);
  });

  test('an expert session is not an admin session: 101', async () => {
    const { browser } = await admin({ appRole: 'expert' });
    expect((await (await browser.fetch(TEMPLATES)).json()).statusCode).toBe(101);
  });
});
