import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EmailPreview } from '@prsp/contracts';
import { TestBrowser } from '../../test/http-client';
import { signInStaff } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const TEMPLATES = '/api/admin/organisation/email-templates';

let t: TestApp;
let browser: TestBrowser;
beforeAll(async () => {
  t = await startTestApp();
  browser = new TestBrowser(t.baseUrl);
  await signInStaff(t, browser);
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  browser.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const template = (kind: string, content: string, title = 'Otsikko') => ({
  kind,
  language: 'en',
  senderName: 'Espoo',
  senderAddress: 'noreply@espoo.example',
  title,
  content,
});

describe('a template must contain the tags its kind requires', () => {
  test.each(['registration', 'passwordReset'])(
    'a %s template without {{link}} is refused with a field error on its content',
    async (kind) => {
      const res = await post(`${TEMPLATES}?lang=en`, { template: template(kind, 'Hello {{firstName}}, welcome!') });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.fields).toEqual([
        {
          field: 'template.content',
          messageKey: 'fields.templateLinkMissing',
          message: 'The message has no link: add the tag {{link}} to the text.',
        },
      ]);
      const list = (await (await browser.fetch(TEMPLATES)).json()).data.templates as { kind: string; source: string }[];
      expect(list.filter((x) => x.kind === kind).every((x) => x.source === 'default')).toBe(true);
    },
  );

  test('{{link}} only in the title does not count: the link belongs in the message', async () => {
    const res = await post(TEMPLATES, { template: template('registration', 'Hello', 'Link {{link}}') });
    expect(res.status).toBe(400);
    expect((await res.json()).fields[0].field).toBe('template.content');
  });

  test('with {{ link }} (spaces inside the braces, as the renderer reads it) and an unknown tag, it is saved', async () => {
    const res = await post(TEMPLATES, { template: template('registration', 'Hello {{firstName}}:\n\n{{ link }}\n\n{{signature}}') });
    expect(res.status).toBe(200);
  });
});

describe('the preview names the tags a save would be refused for and those nothing fills in', () => {
  test('missing {{link}} and unknown tags in title and content', async () => {
    const res = await post(`${TEMPLATES}/preview`, {
      template: { kind: 'passwordReset', language: 'fi', title: 'Hei {{nimi}}', content: 'Hei {{firstName}} {{oops}} {{nimi}}' },
    });
    expect(res.status).toBe(200);
    const preview: EmailPreview = (await res.json()).data;
    expect(preview.missingTags).toEqual(['link']);
    expect(preview.unknownTags).toEqual(['nimi', 'oops']);
  });

  test('a complete template has no problems', async () => {
    const res = await post(`${TEMPLATES}/preview`, {
      template: { kind: 'registration', language: 'fi', title: '{{organisationName}}', content: '{{firstName}} {{link}} {{validFor}}' },
    });
    const preview: EmailPreview = (await res.json()).data;
    expect(preview).toMatchObject({ missingTags: [], unknownTags: [] });
  });
});
