import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminOrganisation, EmailTemplate, OrganisationsInfo, PatientConfig } from '@prsp/contracts';
import { TEST_PERSONS } from '../../stand-ins/test-idp/test-persons';
import { okData, signedIn } from '../patients/patient.steps';
import { outboxEmails } from '../../db/schema';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, signInStaff } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const TEMPLATES = '/api/admin/organisation/email-templates';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAIL_CATCHER_PORT: '0' });
});
afterAll(() => t.close());

async function admin() {
  const browser = new TestBrowser(t.baseUrl);
  const who = await signInStaff(t, browser, {});
  return { browser, ...who };
}

function updateForm(id: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.append('id', id);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function send(organisationId: string, kind: 'registration' | 'passwordReset', language: 'fi' | 'se', to: string) {
  await t.database.db.transaction((tx) =>
    sendTemplatedEmail(tx, {
      sender: t.config.mail.sender,
      organisationId,
      kind,
      language,
      to,
      // A caller's Finnish name does not win over the organisation's name in the mail's language.
      tags: { firstName: 'Ada', link: 'https://l.example', organisationName: 'Vantaan etävastaanotto' },
    }),
  );
  const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
  return mail!;
}

describe("the organisation's sender and its names by language (issue 28)", () => {
  test('every template inherits the sender set once for the organisation; a mail in Swedish names it in Swedish', async () => {
    const { browser, organisationId } = await admin();
    const update = async (fields: Record<string, string>) =>
      browser.fetch('/api/admin/organisation/update', { method: 'POST', body: updateForm(organisationId, fields) });

    const saved = await update({
      organizationName: 'Vantaan etävastaanotto',
      organizationNameSe: 'Vanda distansmottagning',
      organizationNameEn: '',
      senderName: 'Vantaan etävastaanotto',
      senderAddress: 'etavastaanotto@vantaa.example',
    });
    expect(saved.status).toBe(200);
    const org: AdminOrganisation = (await (await browser.fetch(`/api/admin/organisation/get/${organisationId}`)).json()).data;
    expect(org).toMatchObject({
      organizationName: 'Vantaan etävastaanotto',
      organizationNameSe: 'Vanda distansmottagning',
      organizationNameEn: '',
      senderName: 'Vantaan etävastaanotto',
      senderAddress: 'etavastaanotto@vantaa.example',
    });

    // A built-in template, in Swedish: the organisation's sender and its Swedish name.
    const sv = await send(organisationId, 'registration', 'se', 'sv@test.example');
    expect(sv).toMatchObject({ fromName: 'Vantaan etävastaanotto', fromAddress: 'etavastaanotto@vantaa.example' });
    expect(sv.subject).toContain('Vanda distansmottagning');
    expect(sv.text).not.toContain('Vantaan');
    // English has no name of its own: the Finnish one.
    const templates: EmailTemplate[] = (await (await browser.fetch(TEMPLATES)).json()).data.templates;
    expect(templates.every((x) => x.senderName === '' && x.inheritedSender.address === 'etavastaanotto@vantaa.example')).toBe(true);

    // A template of its own with the sender left empty inherits it; one that names a sender keeps its own.
    const own = {
      kind: 'passwordReset',
      language: 'se',
      senderName: '',
      senderAddress: '',
      title: 'Nytt lösenord – {{organisationName}}',
      content: 'Hej {{firstName}}! {{link}}',
    };
    expect((await browser.fetch(TEMPLATES, json({ template: own }))).status).toBe(200);
    const inherited = await send(organisationId, 'passwordReset', 'se', 'inherit@test.example');
    expect(inherited).toMatchObject({
      fromAddress: 'etavastaanotto@vantaa.example',
      subject: 'Nytt lösenord – Vanda distansmottagning',
    });
    const override = { ...own, senderName: 'Vanda hälsostation', senderAddress: 'halsa@vantaa.example' };
    expect((await browser.fetch(TEMPLATES, json({ template: override }))).status).toBe(200);
    expect(await send(organisationId, 'passwordReset', 'se', 'own@test.example')).toMatchObject({
      fromName: 'Vanda hälsostation',
      fromAddress: 'halsa@vantaa.example',
    });

    // The patient app gets the name in each language.
    const config: PatientConfig = (await (await new TestBrowser(t.baseUrl).fetch(`/api/config/${organisationId}`)).json()).data;
    expect(config.names).toEqual({ fi: 'Vantaan etävastaanotto', se: 'Vanda distansmottagning', en: 'Vantaan etävastaanotto' });
    // The organisation choice names it in the patient's language.
    const patient = await signedIn(t, TEST_PERSONS[0]!.ssn);
    const listed = async (lang: string) =>
      (await okData<OrganisationsInfo>(patient.fetch(`/api/organisations?lang=${lang}`))).organisations.find((o) => o.id === organisationId)
        ?.name;
    expect(await listed('sv')).toBe('Vanda distansmottagning');
    expect(await listed('fi')).toBe('Vantaan etävastaanotto');

    // Cleared again, the service's own sender applies.
    expect((await update({ senderName: '', senderAddress: '' })).status).toBe(200);
    expect(await send(organisationId, 'registration', 'fi', 'fi@test.example')).toMatchObject({
      fromName: t.config.mail.sender.name,
      fromAddress: t.config.mail.sender.address,
    });
  });

  test('a sender address must be an e-mail address', async () => {
    const { browser, organisationId } = await admin();
    const res = await browser.fetch('/api/admin/organisation/update', {
      method: 'POST',
      body: updateForm(organisationId, { senderAddress: 'not an address' }),
    });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({ senderAddress: 'fields.email' });
  });
});

function json(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
