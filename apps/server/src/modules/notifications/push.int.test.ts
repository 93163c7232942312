import { createECDH, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZPushPayload, type PushPayload, type PushSettings, type SentMessages } from '@prsp/contracts';
import { jobs, pushSubscriptions } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { HELMI, SARA } from '../../test/person-codes';
import { organisationId } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { StandInSubscription } from '../../stand-ins/push-service/push-service';
import { bookingExpert, minutesFromNow, onboardedPatients } from '../booking/booking.steps';
import { expertBrowser } from '../messaging/categories.steps';
import { data, messageForm, onboardedPatient, postForm } from '../messaging/conversations.steps';
import { expectError, okData, postJson } from '../patients/patient.steps';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId } from '../chat/chat.steps';
import { sweepAppointmentsSoon } from './appointment-soon';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationId(t, 'espoo-demo');
});
afterAll(() => t?.close());

const standIn = () => t.app.push.standIn!;
const json = (browser: TestBrowser, path: string, method: string, body: unknown) =>
  browser.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
/** An expert's new conversation with the patient of `ssn`, as the expert app sends it. */
const conversationWith = (ssn: string, text: string) =>
  messageForm({ ssn, name: 'Testi Potilas', email: 'notices@test.example', mobile: '040 765 4321', subject: 'Tulokset', text });
// Chat and messaging events queue their pushes after they commit (a deferred subscriber), then the pushes go.
const runPushes = async () => {
  await t.app.jobs.runOnce({ kinds: ['events.deliver'] });
  return t.app.jobs.runOnce({ kinds: ['push.send'] });
};
/** What the stand-in decrypted for a browser, as the service worker would read it. */
const shown = (sub: StandInSubscription): PushPayload[] =>
  standIn()
    .received(sub.endpoint)
    .map((r) => ZPushPayload.parse(JSON.parse(r.text)));

/**
 * A browser consenting: it makes its own P-256 key pair and auth secret (as `pushManager.subscribe` does), the
 * stand-in opens a channel bound to the server's VAPID key, and the app is given the subscription.
 */
async function consent(browser: TestBrowser, lang?: 'fi' | 'se' | 'en'): Promise<StandInSubscription> {
  if (lang) await okData(postJson(browser, '/api/client_params', { lang, timezone: 'Europe/Helsinki' }));
  const { publicKey } = await okData<{ publicKey: string }>(browser.fetch('/api/push/public-key'));
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sub = standIn().subscribe({
    privateKey: ecdh.getPrivateKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
    applicationServerKey: publicKey,
  });
  expect(sub.keys.p256dh).toBe(ecdh.getPublicKey('base64url'));
  expect(await okData<PushSettings>(postJson(browser, '/api/push/subscriptions', sub))).toMatchObject({ subscriptions: 1 });
  return sub;
}

async function queuedPushes(subscriptionEndpoint: string): Promise<number> {
  const [s] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscriptionEndpoint));
  if (!s) return 0;
  const rows = await t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'push.send')));
  return rows.filter((r) => (r.payload as { subscriptionId: string }).subscriptionId === s.id).length;
}

describe('web push of the three events, decrypted by the push service stand-in', () => {
  test('a new message: in Swedish, a generic text and a link; switched off, nothing; 410, the subscription goes', async () => {
    const { browser: helmi } = await onboardedPatient(t, HELMI, espoo);
    const sub = await consent(helmi, 'se');
    const expert = await expertBrowser(t, 'espoo-demo');
    const sent = await data<SentMessages>(
      postForm(expert.browser, '/api/expert/async-messaging/create-conversation', conversationWith(HELMI, 'Hemoglobiini 135')),
    );
    expect(await runPushes()).toMatchObject({ done: 1 });
    expect(shown(sub)).toEqual([
      { title: 'Nytt meddelande', body: 'Du har ett nytt meddelande. Logga in för att läsa det.', url: '/messages', tag: 'newMessage' },
    ]);
    const [received] = standIn().received(sub.endpoint);
    // RFC 8030 headers as sent, and the VAPID contact the stand-in verified.
    expect(received).toMatchObject({ ttl: 86_400, urgency: 'high', topic: 'newMessage', subject: 'mailto:push@prsp.example' });
    expect(received!.text).not.toContain('Hemoglobiini');

    // Switched off: nothing is even queued.
    await okData(json(helmi, '/api/push/settings', 'PUT', { newMessage: false, queueTurn: true, appointmentSoon: true }));
    const again = () =>
      data(
        postForm(
          expert.browser,
          `/api/expert/async-messaging/conversations/${sent.conversationId}/send-message`,
          messageForm({ text: 'Lisää' }),
        ),
      );
    await again();
    expect(await queuedPushes(sub.endpoint)).toBe(1);
    await runPushes();
    expect(shown(sub)).toHaveLength(1);

    // On again, but the browser dropped the subscription: the push service answers 410 and the row goes.
    await okData(json(helmi, '/api/push/settings', 'PUT', { newMessage: true, queueTurn: true, appointmentSoon: true }));
    standIn().expire(sub.endpoint);
    await again();
    expect(await runPushes()).toMatchObject({ done: 1, retried: 0 });
    expect(await okData<PushSettings>(helmi.fetch('/api/push/settings'))).toMatchObject({ newMessage: true, subscriptions: 0 });
  });

  test("the patient's turn in the queue: in English, with a link back to the chat", async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    const sub = await consent(patient!, 'en');
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const nurse = await chatExpert(t, espoo, queueId);
    await okData(postJson(patient!, '/api/chat/channels', { serviceId }));
    expect(await runPushes()).toMatchObject({ claimed: 0 });
    await okData(postJson(nurse.browser, `/api/expert/chat/queues/${queueId}/accept`));
    await runPushes();
    expect(shown(sub)).toEqual([
      { title: 'It is your turn', body: 'It is your turn. Go back to the chat.', url: `/chat/${serviceId}`, tag: 'queueTurn' },
    ]);
    expect(standIn().received(sub.endpoint)[0]).toMatchObject({ ttl: 300 });
  });

  test('an appointment starting soon: in Finnish with its time, once, and only with the switch on', async () => {
    const [aino, beata] = await onboardedPatients(t, espoo, 2);
    const ainoSub = await consent(aino!);
    const beataSub = await consent(beata!);
    await okData(json(beata!, '/api/push/settings', 'PUT', { newMessage: true, queueTurn: true, appointmentSoon: false }));
    const expert = await bookingExpert(t, espoo, 'nurse');
    const later = await bookingExpert(t, espoo, 'nurse');
    const startsAt = minutesFromNow(6);
    const patients = [
      { id: await sessionPatientId(t, aino!), name: 'Aino' },
      { id: await sessionPatientId(t, beata!), name: 'Beata' },
    ];
    await bookedAppointment(t, espoo, { type: 'group', expertId: expert.id, startsAt, patients });
    // Not yet: 30 minutes ahead.
    await bookedAppointment(t, espoo, { type: 'oneOnOne', expertId: later.id, startsAt: minutesFromNow(30), patients: [patients[0]!] });

    // The schedule's job runs the sweep, which queues the pushes; the next round sends them.
    await t.app.jobs.runOnce({ kinds: ['push.appointmentSoon'] });
    await runPushes();
    const time = new Intl.DateTimeFormat('fi-FI', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Helsinki',
    }).format(startsAt);
    expect(time).toMatch(/^\d\d\.\d\d$/);
    expect(shown(ainoSub)).toEqual([
      { title: 'Vastaanotto alkaa pian', body: `Vastaanottosi alkaa klo ${time}.`, url: '/bookings', tag: 'appointmentSoon' },
    ]);
    expect(shown(beataSub)).toEqual([]);
    // A later sweep (another minute, another instance) queues nothing more.
    expect(await sweepAppointmentsSoon(t.database.db, new Date())).toBe(0);
  });
});

describe('delivery faults', () => {
  test('a push service that fails is retried with backoff, and the push arrives when it answers again', async () => {
    const { browser } = await onboardedPatient(t, SARA, espoo);
    const sub = await consent(browser, 'fi');
    const [patient] = await onboardedPatients(t, espoo, 1);
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const nurse = await chatExpert(t, espoo, queueId);
    const channel = await okData<{ id: string }>(postJson(patient!, '/api/chat/channels', { serviceId }));
    // The subscription belongs to Sara, the queue event to another patient: Sara must not hear of it.
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    expect(await runPushes()).toMatchObject({ claimed: 0 });

    const expert = await expertBrowser(t, 'espoo-demo');
    standIn().failWith(sub.endpoint, 503);
    await data(postForm(expert.browser, '/api/expert/async-messaging/create-conversation', conversationWith(SARA, 'Y')));
    expect(await runPushes()).toMatchObject({ retried: 1 });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'push.send'), eq(jobs.state, 'queued')));
    expect(job).toMatchObject({ attempts: 1, lastError: 'push service answered 503' });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    standIn().failWith(sub.endpoint, null);
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    expect(await runPushes()).toMatchObject({ done: 1 });
    expect(shown(sub).map((p) => p.title)).toEqual(['Uusi viesti']);
  });
});

describe('the routes', () => {
  test('switches are saved, consent is withdrawn, and another person cannot withdraw it', async () => {
    const [aino, beata] = await onboardedPatients(t, espoo, 2);
    expect(await okData<PushSettings>(aino!.fetch('/api/push/settings'))).toEqual({
      newMessage: true,
      queueTurn: true,
      appointmentSoon: true,
      subscriptions: 0,
    });
    const sub = await consent(aino!);
    const flags = { newMessage: false, queueTurn: true, appointmentSoon: false };
    expect(await okData(json(aino!, '/api/push/settings', 'PUT', flags))).toEqual({ ...flags, subscriptions: 1 });
    expect(await okData(aino!.fetch('/api/push/settings'))).toEqual({ ...flags, subscriptions: 1 });

    // Beata knows the endpoint: still 404, and Aino's subscription stays.
    await expectError(json(beata!, '/api/push/subscriptions', 'DELETE', { endpoint: sub.endpoint }), 404, 404);
    expect(await okData<PushSettings>(aino!.fetch('/api/push/settings'))).toMatchObject({ subscriptions: 1 });
    expect(await okData(json(aino!, '/api/push/subscriptions', 'DELETE', { endpoint: sub.endpoint }))).toEqual({
      ...flags,
      subscriptions: 0,
    });
    await expectError(json(aino!, '/api/push/subscriptions', 'DELETE', { endpoint: sub.endpoint }), 404, 404);
  });

  test("another person's endpoint is refused unless their browser's own keys come with it: a shared browser changes hands", async () => {
    const [aino, beata] = await onboardedPatients(t, espoo, 2);
    const sub = await consent(aino!);
    // Beata names Aino's endpoint with keys of her own: refused, and Aino keeps her pushes.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const copied = {
      endpoint: sub.endpoint,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    await expectError(postJson(beata!, '/api/push/subscriptions', copied), 400, 400);
    await expectError(
      postJson(beata!, '/api/push/subscriptions', { endpoint: sub.endpoint, keys: { ...sub.keys, auth: copied.keys.auth } }),
      400,
      400,
    );
    expect(await okData<PushSettings>(aino!.fetch('/api/push/settings'))).toMatchObject({ subscriptions: 1 });
    expect(await okData<PushSettings>(beata!.fetch('/api/push/settings'))).toMatchObject({ subscriptions: 0 });
    // The same browser, now Beata's (its own keys): it goes to her, and no longer pushes to Aino.
    expect(await okData<PushSettings>(postJson(beata!, '/api/push/subscriptions', sub))).toMatchObject({ subscriptions: 1 });
    expect(await okData<PushSettings>(aino!.fetch('/api/push/settings'))).toMatchObject({ subscriptions: 0 });
  });

  test('only push services may be endpoints; keys and switches are validated; patients only', async () => {
    const [aino] = await onboardedPatients(t, espoo, 1);
    const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
    const refusedEndpoint = async (endpoint: string) => {
      const res = await postJson(aino!, '/api/push/subscriptions', { endpoint, keys });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual([expect.objectContaining({ field: 'endpoint', messageKey: 'fields.invalid' })]);
    };
    // A server-side request goes to the endpoint: never an address of the service's own network.
    await refusedEndpoint('http://169.254.169.254/latest/meta-data');
    await refusedEndpoint('https://push.evil.example/x');
    await refusedEndpoint(`${t.baseUrl}/api/push/settings`);
    await expectError(
      postJson(aino!, '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, auth: 'short' } }),
      400,
      400,
    );
    await expectError(json(aino!, '/api/push/settings', 'PUT', { newMessage: 'yes', queueTurn: true, appointmentSoon: true }), 400, 400);
    // A real push service's endpoint is accepted (nothing is sent to it here).
    await okData(postJson(aino!, '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys }));

    // The public key is public (every subscribing browser gets it): whether push is on is no secret either.
    const anonymous = await fetch(`${t.baseUrl}/api/push/public-key`);
    expect(anonymous.status).toBe(200);
    expect(((await anonymous.json()) as { data: { publicKey: string } }).data.publicKey).toBe(t.app.push.publicKey);
    const expert = await expertBrowser(t, 'espoo-demo');
    expect((await expert.browser.fetch('/api/push/settings')).status).toBe(401);
  });
});
