import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  MESSAGE_ATTACHMENT_MAX_BYTES,
  type Conversation,
  type ConversationThread,
  type ExpertConversation,
  type ExpertConversationThread,
  type MessagingCounts,
  type SentMessages,
} from '@prsp/contracts';
import { conversations } from '../../db/schema';
import { pngImage } from '../../test/png';
import { AINO, ELIAS, LILJA, MATTI, SARA } from '../../test/person-codes';
import { startTestApp, type TestApp } from '../../test/test-app';
import { organisationId } from '../../test/staff-accounts';
import { actFor, setFlags } from '../patients/patient.steps';
import { expertBrowser, makeMessageCode, useCountOf } from './categories.steps';
import {
  auditOf,
  data,
  emailsTo,
  messageForm,
  onboardedPatient,
  PDF,
  postForm,
  refused,
  storedFiles,
  subcategoryWith,
} from './conversations.steps';

const P = '/api/patient/async-messaging';
const E = '/api/expert/async-messaging';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationId(t, 'espoo-demo');
});
afterAll(() => t.close());

describe('a request: patient → subcategory → expert, and back', () => {
  test('the whole exchange, with HTML removed, unread counts, read marks, the inbox, the audit log and the e-mail', async () => {
    const a = await expertBrowser(t, 'espoo-demo', { lastName: 'Vastaaja' });
    const other = await expertBrowser(t, 'espoo-demo');
    const { categoryId, subcategoryId } = await subcategoryWith(t.database.db, espoo, [a.expertId]);
    const { browser: aino } = await onboardedPatient(t, AINO, espoo, 'aino.messages@test.example');

    const sent = await data<SentMessages>(
      postForm(
        aino,
        `${P}/request-conversation`,
        messageForm({ categoryId, subcategoryId, text: '<b>Hei</b>, <script>x</script>kuumetta' }),
      ),
    );
    expect(sent.messages).toEqual([expect.objectContaining({ isOwn: true, type: 'text', content: 'Hei, xkuumetta' })]);
    const id = sent.conversationId;

    // The assigned expert has it in the inbox; an expert of the organisation without the subcategory does not see it.
    expect(await data<MessagingCounts>(a.browser.fetch(`${E}/counts`))).toEqual({ inbox: 1, open: 0 });
    const inbox = await data<ExpertConversation[]>(a.browser.fetch(`${E}/categories/${categoryId}/requests`));
    expect(inbox.map((c) => [c.id, c.name, c.unreadMessages, c.expertName])).toEqual([[id, 'Aino Virtanen', 1, null]]);
    expect(await data<ExpertConversation[]>(other.browser.fetch(`${E}/categories/${categoryId}/requests`))).toEqual([]);
    await refused(other.browser.fetch(`${E}/subcategories/${subcategoryId}/messages/${id}`), 404, 404);
    await refused(postForm(other.browser, `${E}/categories/${categoryId}/reply/${id}`, messageForm({ text: 'Minä' })), 404, 404);

    // Reading the thread is audited.
    const seen = await data<ExpertConversationThread>(a.browser.fetch(`${E}/subcategories/${subcategoryId}/messages/${id}`));
    expect(seen.messages.map((m) => [m.content, m.isOwn, m.isRead])).toEqual([['Hei, xkuumetta', false, false]]);
    expect(await auditOf(t.database.db, 'conversation.view', id)).toHaveLength(1);

    await data(postForm(a.browser, `${E}/categories/${categoryId}/reply/${id}`, messageForm({ text: 'Juo vettä.' })));
    expect(await data<ExpertConversation[]>(a.browser.fetch(`${E}/categories/${categoryId}/requests`))).toEqual([]);
    const open = await data<ExpertConversation[]>(a.browser.fetch(`${E}/conversations`));
    expect(open.map((c) => [c.id, c.expertName, c.kind])).toEqual([[id, 'Testi Vastaaja', 'request']]);
    // The patient is told by e-mail, without the message.
    const [mail] = await emailsTo(t.database.db, 'aino.messages@test.example');
    expect(mail!.subject).toContain('uusi viesti');
    expect(mail!.text).toContain(`${t.baseUrl}/messages`);
    expect(mail!.text).not.toContain('Juo vettä');

    const list = await data<Conversation[]>(aino.fetch(`${P}/conversations`));
    expect(list.map((c) => [c.id, c.unreadMessages, c.canReply, c.kind])).toEqual([[id, 1, false, 'request']]);
    const thread = await data<ConversationThread>(aino.fetch(`${P}/subcategories/${subcategoryId}/messages/${id}`));
    expect(thread.messages.map((m) => [m.content, m.isOwn, m.name])).toEqual([
      ['Hei, xkuumetta', true, 'Aino Virtanen'],
      ['Juo vettä.', false, 'Testi Vastaaja'],
    ]);
    // The conversation route serves a request too (spec §7 names both), the same thread (issue 30).
    expect(await data<ConversationThread>(aino.fetch(`${P}/conversations/${id}/messages`))).toEqual(thread);
    // The subcategory route names the request's own subcategory only.
    const elsewhere = await subcategoryWith(t.database.db, espoo, [a.expertId]);
    await refused(aino.fetch(`${P}/subcategories/${elsewhere.subcategoryId}/messages/${id}`), 404, 404);
    // A request is read-only for the patient.
    await refused(postForm(aino, `${P}/conversations/${id}/send-message`, messageForm({ text: 'Kiitos' })), 403, 403);

    await data(aino.fetch(`${P}/conversations/${id}/mark-as-read`, { method: 'POST' }));
    expect((await data<Conversation[]>(aino.fetch(`${P}/conversations`)))[0]!.unreadMessages).toBe(0);
    const after = await data<ExpertConversationThread>(a.browser.fetch(`${E}/conversations/${id}/messages`));
    expect(after.messages.map((m) => [m.isOwn, m.isRead])).toEqual([
      [false, true],
      [true, true],
    ]);
    expect(await auditOf(t.database.db, 'conversation.view', id)).toHaveLength(2);
  });

  test('another patient, and the same patient in another organisation, find nothing of it', async () => {
    const a = await expertBrowser(t);
    const { categoryId, subcategoryId } = await subcategoryWith(t.database.db, espoo, [a.expertId]);
    const { browser: sara } = await onboardedPatient(t, SARA, espoo);
    const sent = await data<SentMessages>(
      postForm(sara, `${P}/request-conversation`, messageForm({ categoryId, subcategoryId, text: 'Sara' })),
    );
    const { browser: matti } = await onboardedPatient(t, MATTI, espoo);
    expect((await data<Conversation[]>(matti.fetch(`${P}/conversations`))).map((c) => c.id)).not.toContain(sent.conversationId);
    await refused(matti.fetch(`${P}/subcategories/${subcategoryId}/messages/${sent.conversationId}`), 404, 404);
    await refused(matti.fetch(`${P}/conversations/${sent.conversationId}/messages`), 404, 404);
    await refused(matti.fetch(`${P}/conversations/${sent.conversationId}/mark-as-read`, { method: 'POST' }), 404, 404);
    await refused(matti.fetch(`${P}/${sent.messages[0]!.id}/attachment`), 404, 404);

    const kaarina = await organisationId(t, 'kaarina-demo');
    const restore = await setFlags(t, kaarina, { asyncMessagingEnabled: true });
    try {
      const { browser: elsewhere } = await onboardedPatient(t, SARA, kaarina);
      expect(await data<Conversation[]>(elsewhere.fetch(`${P}/conversations`))).toEqual([]);
      await refused(elsewhere.fetch(`${P}/subcategories/${subcategoryId}/messages/${sent.conversationId}`), 404, 404);
      await refused(elsewhere.fetch(`${P}/conversations/${sent.conversationId}/messages`), 404, 404);
      // Nor can a patient write to another organisation's subcategory.
      await refused(postForm(elsewhere, `${P}/request-conversation`, messageForm({ categoryId, subcategoryId, text: 'x' })), 404, 404);
    } finally {
      await restore();
    }
  });
});

describe('the conversation list filters (issue 30)', () => {
  test('name (patient or expert) and subject are case-insensitive parts; ssn matches by its hash the own code only', async () => {
    const rokottaja = await expertBrowser(t, 'espoo-demo', { lastName: 'Rokottaja' });
    const kontrolloija = await expertBrowser(t, 'espoo-demo', { lastName: 'Kontrolloija' });
    const start = (b: typeof rokottaja.browser, subject: string) =>
      data<SentMessages>(
        postForm(
          b,
          `${E}/create-conversation`,
          messageForm({ ssn: ELIAS, name: 'Elias Esimerkki', email: 'elias@test.example', mobile: '040 765 4321', subject, text: 'Hei' }),
        ),
      );
    const r = await start(rokottaja.browser, 'Rokotusaika');
    const k = await start(kontrolloija.browser, 'Kontrollikäynti');
    const { browser: elias } = await onboardedPatient(t, ELIAS, espoo);
    const ids = async (q: string) => (await data<Conversation[]>(elias.fetch(`${P}/conversations?${q}`))).map((c) => c.id);
    expect(await ids('')).toEqual([k.conversationId, r.conversationId]);
    expect(await ids('subject=ROKOTUS')).toEqual([r.conversationId]);
    expect(await ids('subject=%25')).toEqual([]);
    expect(await ids('name=kontrolloija')).toEqual([k.conversationId]);
    expect(await ids(`ssn=${ELIAS}`)).toEqual([k.conversationId, r.conversationId]);
    expect(await ids(`ssn=${AINO}`)).toEqual([]);
    expect(await ids('ssn=123')).toEqual([]);
    expect(await ids(`ssn=${ELIAS}&subject=kontrolli&isClosed=false`)).toEqual([k.conversationId]);
  });
});

describe('what a request may be written to', () => {
  test('disabled subcategory or category: 404; restricted: only with a code of exactly that subcategory (counted once)', async () => {
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const send = (f: Record<string, string>) => postForm(browser, `${P}/request-conversation`, messageForm({ text: 'Viesti', ...f }));
    const disabled = await subcategoryWith(t.database.db, espoo, [], { disabled: true });
    await refused(send(disabled), 404, 404);
    const disabledCategory = await subcategoryWith(t.database.db, espoo, [], { categoryDisabled: true });
    await refused(send(disabledCategory), 404, 404);
    const open = await subcategoryWith(t.database.db, espoo, []);
    await refused(send({ ...open, categoryId: disabled.categoryId }), 404, 404);

    const restricted = await subcategoryWith(t.database.db, espoo, [], { open: false });
    expect(await refused(send(restricted), 400, 201)).toEqual({ messageCode: 'fields.required' });
    await makeMessageCode(t.database.db, espoo, open.subcategoryId, 'WRONGSUB1');
    await refused(send({ ...restricted, messageCode: 'WRONGSUB1' }), 400, 201);
    expect(await useCountOf(t.database.db, 'WRONGSUB1')).toBe(0);
    await makeMessageCode(t.database.db, espoo, restricted.subcategoryId, 'RIGHTSUB1');
    await data(send({ ...restricted, messageCode: 'rightsub1' }));
    expect(await useCountOf(t.database.db, 'RIGHTSUB1')).toBe(1);
    // Used up: 204, and no conversation is stored for it.
    const before = (await t.database.db.select().from(conversations)).length;
    await refused(send({ ...restricted, messageCode: 'RIGHTSUB1' }), 409, 204);
    expect((await t.database.db.select().from(conversations)).length).toBe(before);
  });

  test('text: required, at most 2000 characters, HTML tags only is nothing', async () => {
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const target = await subcategoryWith(t.database.db, espoo, []);
    const send = (text?: string) => postForm(browser, `${P}/request-conversation`, messageForm({ ...target, text }));
    expect(await refused(send('x'.repeat(2001)), 400, 400)).toEqual({ text: 'fields.tooLong' });
    await refused(send(undefined), 400, 400);
    expect(await refused(send('<p></p>'), 400, 400)).toEqual({ text: 'fields.required' });
    const ok = await data<SentMessages>(send('x'.repeat(2000)));
    expect(ok.messages[0]!.content).toHaveLength(2000);
    expect(await refused(postForm(browser, `${P}/request-conversation`, messageForm({ text: 'x' })), 400, 400)).toMatchObject({
      categoryId: expect.any(String),
      subcategoryId: expect.any(String),
    });
  });

  test('the feature flag and terms are checked before anything else', async () => {
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const restore = await setFlags(t, espoo, { asyncMessagingEnabled: false });
    try {
      await refused(browser.fetch(`${P}/conversations`), 403, 403);
    } finally {
      await restore();
    }
    await refused(new (await import('../../test/http-client')).TestBrowser(t.baseUrl).fetch(`${P}/conversations`), 401, 101);
  });
});

describe('attachments', () => {
  test('stored one message per file, downloaded only through the access check as an attachment', async () => {
    const a = await expertBrowser(t);
    const target = await subcategoryWith(t.database.db, espoo, [a.expertId]);
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const sent = await data<SentMessages>(
      postForm(
        browser,
        `${P}/request-conversation`,
        messageForm({ ...target, text: 'Kuvat' }, [
          { name: 'C:\\kuvat\\ihottuma.png', data: pngImage(4, 4) },
          { name: 'lähete.pdf', data: PDF },
        ]),
      ),
    );
    expect(sent.messages.map((m) => [m.type, m.content])).toEqual([
      ['text', 'Kuvat'],
      ['file', 'ihottuma.png'],
      ['file', 'lähete.pdf'],
    ]);
    const pdf = sent.messages[2]!;
    for (const b of [browser, a.browser]) {
      const res = await b.fetch(`${b === browser ? P : E}/${pdf.id}/attachment`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lahete.pdf"; filename\*=UTF-8''l%C3%A4hete.pdf$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    expect(await auditOf(t.database.db, 'conversation.attachment', sent.conversationId)).toHaveLength(1);
    // A text message has no attachment; an expert without the subcategory gets nothing.
    await refused(browser.fetch(`${P}/${sent.messages[0]!.id}/attachment`), 404, 404);
    const outsider = await expertBrowser(t);
    await refused(outsider.browser.fetch(`${E}/${pdf.id}/attachment`), 404, 404);
  });

  test('the type is the bytes: an HTML file named .pdf is refused, and nothing is stored', async () => {
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const target = await subcategoryWith(t.database.db, espoo, []);
    const before = await storedFiles(t);
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const fields = await refused(
      postForm(
        browser,
        `${P}/request-conversation`,
        messageForm({ ...target, text: 'x' }, [{ name: 'tulokset.pdf', data: fake, type: 'application/pdf' }]),
      ),
      400,
      400,
    );
    expect(fields).toEqual({ attachments: 'fields.attachmentType' });
    // A PNG cut short is decoded and refused as damaged, as in the chat.
    const png = pngImage(64, 48);
    const damaged = await refused(
      postForm(
        browser,
        `${P}/request-conversation`,
        messageForm({ ...target, text: 'x' }, [{ name: 'kuva.png', data: png.subarray(0, png.length - 20), type: 'image/png' }]),
      ),
      400,
      400,
    );
    expect(damaged).toEqual({ attachments: 'fields.imageCorrupt' });
    expect(await storedFiles(t)).toEqual(before);
  });

  test('10 MB is the limit: one byte more is refused while streaming, and nothing is stored', async () => {
    const { browser } = await onboardedPatient(t, AINO, espoo);
    const target = await subcategoryWith(t.database.db, espoo, []);
    const before = await storedFiles(t);
    const png = pngImage(2, 2);
    const big = Buffer.concat([png, Buffer.alloc(MESSAGE_ATTACHMENT_MAX_BYTES + 1 - png.length)]);
    const fields = await refused(
      postForm(browser, `${P}/request-conversation`, messageForm({ ...target, text: 'x' }, [{ name: 'iso.png', data: big }])),
      413,
      413,
    );
    expect(fields).toEqual({ attachments: 'fields.attachmentTooLarge' });
    expect(await storedFiles(t)).toEqual(before);
    // Exactly 10 MB passes (a PDF: its bytes are only sniffed, while an image is decoded and must be whole).
    const exact = Buffer.concat([PDF, Buffer.alloc(MESSAGE_ATTACHMENT_MAX_BYTES - PDF.length)]);
    await data(postForm(browser, `${P}/request-conversation`, messageForm({ ...target, text: 'x' }, [{ name: 'iso.pdf', data: exact }])));
    expect((await storedFiles(t)).rows).toBe(before.rows + 1);
  });
});

describe('acting on behalf', () => {
  test('the request is the principal’s, written by the delegate, and the audit log names both', async () => {
    const target = await subcategoryWith(t.database.db, espoo, []);
    const { patientId: lilja } = await onboardedPatient(t, LILJA, espoo);
    const { browser: aino, patientId: ainoId } = await onboardedPatient(t, AINO, espoo);
    await actFor(t, aino, LILJA);
    const sent = await data<SentMessages>(postForm(aino, `${P}/request-conversation`, messageForm({ ...target, text: 'Lilja on kipeä' })));
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, sent.conversationId));
    expect({ patientId: row!.patientId, createdBy: row!.createdByPatientId }).toEqual({ patientId: lilja, createdBy: ainoId });
    const [audit] = await auditOf(t.database.db, 'conversation.request', sent.conversationId);
    expect({ actor: audit!.actorId, onBehalfOf: audit!.onBehalfOf }).toEqual({ actor: ainoId, onBehalfOf: lilja });
    // While acting she sees Lilja's conversations (reading is audited too); on her own, only her own.
    expect((await data<Conversation[]>(aino.fetch(`${P}/conversations`))).map((c) => c.id)).toContain(sent.conversationId);
    await data(aino.fetch(`${P}/subcategories/${target.subcategoryId}/messages/${sent.conversationId}`));
    expect(await auditOf(t.database.db, 'conversation.view', sent.conversationId)).toEqual([
      expect.objectContaining({ actorId: ainoId, onBehalfOf: lilja }),
    ]);
    await actFor(t, aino, null);
    expect((await data<Conversation[]>(aino.fetch(`${P}/conversations`))).map((c) => c.id)).not.toContain(sent.conversationId);
    await refused(aino.fetch(`${P}/subcategories/${target.subcategoryId}/messages/${sent.conversationId}`), 404, 404);
  });
});
