import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Conversation, ConversationThread, ExpertConversation, MessagingCounts, SentMessages } from '@prsp/contracts';
import { pngImage } from '../../test/png';
import { ELIAS, HELMI, MATTI } from '../../test/person-codes';
import { organisationId } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { setFlags } from '../patients/patient.steps';
import { connectSocket, nextEvent } from '../chat/chat.steps';
import { expertBrowser } from './categories.steps';
import {
  auditOf,
  data,
  emailsTo,
  messageForm,
  onboardedPatient,
  PDF,
  postForm,
  refused,
  smsTo,
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

const newConversation = (fields: Record<string, string | undefined> = {}) =>
  messageForm({
    ssn: HELMI,
    name: 'Helmi Testinen',
    email: 'helmi.notices@test.example',
    mobile: '040 765 4321',
    subject: 'Laboratoriotulokset',
    text: 'Tulokset ovat valmiit.',
    ...fields,
  });

describe('a direct conversation: expert → patient, and back', () => {
  test('created by identity code, notified by e-mail and SMS, answered by the patient, ended and reopened', async () => {
    const a = await expertBrowser(t, 'espoo-demo', { lastName: 'Lääkäri' });
    expect(await refused(postForm(a.browser, `${E}/create-conversation`, newConversation({ ssn: '010101-0000' })), 400, 105)).toEqual({
      ssn: 'fields.ssn',
    });
    const sent = await data<SentMessages>(
      postForm(a.browser, `${E}/create-conversation`, newConversation({ smsNotification: 'true', subject: '<i>Laboratoriotulokset</i>' })),
    );
    const id = sent.conversationId;
    // The notices go to the form's addresses and say only that a message waits.
    const [mail] = await emailsTo(t.database.db, 'helmi.notices@test.example');
    expect(mail!.text).not.toContain('Tulokset ovat valmiit');
    const [sms] = await smsTo(t.database.db, '+358407654321');
    expect(sms!.text).toContain(`${t.baseUrl}/messages`);
    expect(sms!.text).not.toContain('Tulokset');

    // Helmi signs in later (the conversation was made for her identity code before she ever had).
    const { browser: helmi } = await onboardedPatient(t, HELMI, espoo);
    const list = await data<Conversation[]>(helmi.fetch(`${P}/conversations`));
    expect(list.map((c) => [c.id, c.subject, c.kind, c.canReply, c.unreadMessages])).toEqual([
      [id, 'Laboratoriotulokset', 'direct', true, 1],
    ]);
    await refused(helmi.fetch(`${P}/subcategories/${crypto.randomUUID()}/messages/${id}`), 404, 404);
    const reply = await data<SentMessages>(
      postForm(helmi, `${P}/conversations/${id}/send-message`, messageForm({}, [{ name: 'kuva.png', data: pngImage(3, 3) }])),
    );
    expect(reply.messages.map((m) => [m.type, m.content])).toEqual([['file', 'kuva.png']]);
    // Nothing to send: refused.
    expect(await refused(postForm(helmi, `${P}/conversations/${id}/send-message`, messageForm({ text: ' <br> ' })), 400, 400)).toEqual({
      text: 'fields.required',
    });

    expect(await data<MessagingCounts>(a.browser.fetch(`${E}/counts`))).toEqual({ inbox: 0, open: 1 });
    const thread = await data<ConversationThread>(a.browser.fetch(`${E}/conversations/${id}/messages`));
    expect(thread.messages.map((m) => [m.isOwn, m.type, m.name])).toEqual([
      [true, 'text', 'Testi Lääkäri'],
      // The name her identification gave when she signed in, not the one the form guessed.
      [false, 'file', 'Helmi Laine'],
    ]);
    expect(await auditOf(t.database.db, 'conversation.view', id)).toHaveLength(1);
    await data(a.browser.fetch(`${E}/conversations/${id}/mark-as-read`, { method: 'POST' }));
    expect(await data<MessagingCounts>(a.browser.fetch(`${E}/counts`))).toEqual({ inbox: 0, open: 0 });

    await data(a.browser.fetch(`${E}/conversations/${id}/end`, { method: 'POST' }));
    expect(await data<ExpertConversation[]>(a.browser.fetch(`${E}/conversations`))).toEqual([]);
    expect((await data<ExpertConversation[]>(a.browser.fetch(`${E}/conversations?isClosed=true`))).map((c) => c.id)).toEqual([id]);
    expect((await data<Conversation[]>(helmi.fetch(`${P}/conversations`)))[0]).toMatchObject({ status: 'closed', canReply: false });
    await refused(postForm(helmi, `${P}/conversations/${id}/send-message`, messageForm({ text: 'Vielä' })), 403, 403);
    await refused(postForm(a.browser, `${E}/conversations/${id}/send-message`, messageForm({ text: 'Vielä' })), 403, 403);
    await data(a.browser.fetch(`${E}/conversations/${id}/reopen`, { method: 'POST' }));
    await data(postForm(helmi, `${P}/conversations/${id}/send-message`, messageForm({ text: 'Kiitos!' })));
    expect(await auditOf(t.database.db, 'conversation.end', id)).toHaveLength(1);
    expect(await auditOf(t.database.db, 'conversation.reopen', id)).toHaveLength(1);
  });

  test('lists filter by name, identity code (by its hash) and subject', async () => {
    const a = await expertBrowser(t);
    const m = await data<SentMessages>(
      postForm(a.browser, `${E}/create-conversation`, newConversation({ ssn: MATTI, name: 'Matti Meikäläinen', subject: 'Rokotus' })),
    );
    const e = await data<SentMessages>(
      postForm(a.browser, `${E}/create-conversation`, newConversation({ ssn: ELIAS, name: 'Elias Esimerkki', subject: 'Kontrolli' })),
    );
    const ids = async (q: string) => (await data<ExpertConversation[]>(a.browser.fetch(`${E}/conversations?${q}`))).map((c) => c.id);
    expect(await ids('')).toEqual([e.conversationId, m.conversationId]);
    const named = await data<ExpertConversation[]>(a.browser.fetch(`${E}/conversations`));
    const mattiName = named.find((c) => c.id === m.conversationId)!.name;
    expect(await ids(`name=${encodeURIComponent(mattiName.slice(2, -2).toLowerCase())}`)).toEqual([m.conversationId]);
    expect(await ids(`ssn=${ELIAS}`)).toEqual([e.conversationId]);
    expect(await ids('ssn=123')).toEqual([]);
    expect(await ids('subject=rokot')).toEqual([m.conversationId]);
    expect(await ids('subject=%25')).toEqual([]);
    await refused(a.browser.fetch(`${E}/conversations?isClosed=maybe`), 400, 400);
  });
});

describe('who sees what', () => {
  test('another expert of the organisation, an expert of another organisation and a patient get 404 or 401', async () => {
    const a = await expertBrowser(t);
    const sent = await data<SentMessages>(postForm(a.browser, `${E}/create-conversation`, newConversation({ text: 'Vain meille' })));
    const id = sent.conversationId;
    const colleague = await expertBrowser(t);
    // A colleague assigned to every subcategory still does not see a direct conversation someone else started.
    await subcategoryWith(t.database.db, espoo, [colleague.expertId]);
    const kaarina = await organisationId(t, 'kaarina-demo');
    const restore = await setFlags(t, kaarina, { asyncMessagingEnabled: true });
    const stranger = await expertBrowser(t, 'kaarina-demo');
    try {
      for (const b of [colleague.browser, stranger.browser]) {
        await refused(b.fetch(`${E}/conversations/${id}/messages`), 404, 404);
        await refused(postForm(b, `${E}/conversations/${id}/send-message`, messageForm({ text: 'x' })), 404, 404);
        await refused(b.fetch(`${E}/conversations/${id}/end`, { method: 'POST' }), 404, 404);
        await refused(b.fetch(`${E}/conversations/${id}/mark-as-read`, { method: 'POST' }), 404, 404);
        await refused(b.fetch(`${E}/${sent.messages[0]!.id}/attachment`), 404, 404);
        expect((await data<ExpertConversation[]>(b.fetch(`${E}/conversations`))).map((c) => c.id)).not.toContain(id);
      }
      const { categoryId } = await subcategoryWith(t.database.db, espoo, []);
      await refused(stranger.browser.fetch(`${E}/categories/${categoryId}/requests`), 404, 404);
    } finally {
      await restore();
    }
    const { browser: patient } = await onboardedPatient(t, MATTI, espoo);
    await refused(patient.fetch(`${E}/conversations`), 401, 101);
  });

  test('an expert sends a PDF: the patient downloads it as an attachment', async () => {
    const a = await expertBrowser(t);
    const sent = await data<SentMessages>(
      postForm(a.browser, `${E}/create-conversation`, newConversation({ ssn: ELIAS, name: 'Elias Esimerkki' })),
    );
    const file = await data<SentMessages>(
      postForm(a.browser, `${E}/conversations/${sent.conversationId}/send-message`, messageForm({}, [{ name: 'ohje.pdf', data: PDF }])),
    );
    const { browser: elias } = await onboardedPatient(t, ELIAS, espoo);
    const res = await elias.fetch(`${P}/${file.messages[0]!.id}/attachment`);
    expect({
      status: res.status,
      disposition: res.headers.get('content-disposition'),
      nosniff: res.headers.get('x-content-type-options'),
    }).toEqual({
      status: 200,
      disposition: 'attachment; filename="ohje.pdf"',
      nosniff: 'nosniff',
    });
  });
});

describe('realtime', () => {
  test('messages:changed reaches the patient and the experts who may see the conversation, after the commit', async () => {
    const a = await expertBrowser(t);
    const outsider = await expertBrowser(t);
    const { browser: matti } = await onboardedPatient(t, MATTI, espoo);
    const [patientSocket, expertSocket, outsiderSocket] = await Promise.all([
      connectSocket(t.baseUrl, { browser: matti }),
      connectSocket(t.baseUrl, { browser: a.browser }),
      connectSocket(t.baseUrl, { browser: outsider.browser }),
    ]);
    const overheard: string[] = [];
    outsiderSocket.on('messages:changed', (e) => overheard.push(e.conversationId));
    try {
      const heard = nextEvent(patientSocket, 'messages:changed');
      const sent = await data<SentMessages>(
        postForm(a.browser, `${E}/create-conversation`, newConversation({ ssn: MATTI, name: 'Matti M' })),
      );
      expect(await heard).toEqual({ conversationId: sent.conversationId });
      const expertHears = nextEvent(expertSocket, 'messages:changed');
      await data(postForm(matti, `${P}/conversations/${sent.conversationId}/send-message`, messageForm({ text: 'Selvä' })));
      expect(await expertHears).toEqual({ conversationId: sent.conversationId });
      expect(overheard).toEqual([]);
    } finally {
      for (const s of [patientSocket, expertSocket, outsiderSocket]) s.close();
    }
  });
});
