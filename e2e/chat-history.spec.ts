import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Download, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible, tinyPdf } from './fixtures';
import { onboard, signInAsNewPerson } from './patient-steps';

const NURSE_SERVICE = 'Sairaanhoitajan chat';
const DEMO_EXPERT = 'expert@espoo.example';
const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';

type Answer<T> = { status: number; body: { status: string; statusCode: number; data: T } };

/** Calls the API from a signed-in page as the app does: its session cookie and the CSRF double submit. */
async function call<T = unknown>(page: Page, path: string, opts: { method?: string; body?: unknown } = {}): Promise<Answer<T>> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
        ?.split('=')[1];
      const res = await fetch(path, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), body: opts.body },
  );
}

/** Uploads a chat attachment from a signed-in page as the composer does: the client's message id, then the file. */
async function upload(page: Page, channelId: string, name: string, bytes: Buffer): Promise<number> {
  return page.evaluate(
    async ({ channelId, name, bytes }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
        ?.split('=')[1];
      const form = new FormData();
      form.append('id', crypto.randomUUID());
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const res = await fetch(`/api/chat/channels/${channelId}/files`, {
        method: 'POST',
        headers: csrf ? { 'x-csrf-token': csrf } : {},
        credentials: 'same-origin',
        body: form,
      });
      return res.status;
    },
    { channelId, name, bytes: [...bytes] },
  );
}

/** A Socket.IO client carrying a browser context's session, from the site's own origin (as the app's pages connect). */
async function socketOf(context: BrowserContext, baseURL: string): Promise<Socket> {
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const socket = io(baseURL, {
    path: '/api/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: new URL(baseURL).origin, cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Ack = { ok: boolean; statusCode?: number };

function emitAck(socket: Socket, event: string, payload: unknown): Promise<Ack> {
  return new Promise((resolve) => socket.emit(event, payload, resolve));
}

/** Joins the channel's room and sends a text, failing on any refusal. */
async function say(socket: Socket, channelId: string, text: string): Promise<void> {
  expect(await emitAck(socket, 'chat:join', { channelId })).toMatchObject({ ok: true });
  expect(await emitAck(socket, 'chat:send', { channelId, id: randomUUID(), text })).toMatchObject({ ok: true });
}

/** The patient enters the nurse chat's queue through the API, as the chat page does; the expert accepts it by id. */
async function openAcceptedChat(patient: Page, expert: Page): Promise<string> {
  const services = await call<{ openServices: { uuid: string; serviceName: { fi: string } }[] }>(patient, '/api/services');
  const service = services.body.data.openServices.find((s) => s.serviceName.fi === NURSE_SERVICE);
  expect(service).toBeDefined();
  const opened = await call<{ id: string; status: string }>(patient, '/api/chat/channels', { body: { serviceId: service!.uuid } });
  expect(opened.status).toBe(200);
  const channelId = opened.body.data.id;
  const accepted = await call(expert, `/api/expert/chat/channels/${channelId}/accept`, { method: 'POST' });
  expect(accepted.status).toBe(200);
  return channelId;
}

test('after an ended chat the patient gives feedback and finds it in the history with its file, the expert gives feedback and sees it in the contact history', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signInAsNewPerson(patient, 'Hilla', 'Historia');
  await onboard(patient, { email: uniqueEmail('hilla'), dontShowWelcome: true });

  const expertContext = await browser.newContext();
  const expert = await expertContext.newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);

  // A chat through the real API: text both ways over the socket, a PDF from the expert, then the expert ends it.
  const channelId = await openAcceptedChat(patient, expert);
  const desk = expert.getByRole('region', { name: 'Chatit' });
  await expect(desk.getByRole('button', { name: 'Hilla Historia', exact: true })).toBeVisible();
  const patientSocket = await socketOf(patientContext, baseURL!);
  const expertSocket = await socketOf(expertContext, baseURL!);
  await say(patientSocket, channelId, 'Hei, kysyisin rokotuksista.');
  await say(expertSocket, channelId, 'Hei! Kerron mielelläni.');
  expect(await upload(expert, channelId, 'rokotusohje.pdf', tinyPdf())).toBe(200);
  expect((await call(expert, `/api/expert/chat/channels/${channelId}/end`, { method: 'POST' })).status).toBe(200);
  patientSocket.close();
  expertSocket.close();
  const channel = await call<{ status: string; expertId: string; serviceName: { fi: string } }>(patient, `/api/chat/channels/${channelId}`);
  expect(channel.body.data.status).toBe('ended');

  // Feedback, reached as the chat page reaches it: a navigation carrying the chat in the router state.
  await patient.goto('/services');
  await expect(patient.getByRole('heading', { level: 1, name: 'Etävastaanotto' })).toBeVisible();
  await patient.evaluate(
    (state) => {
      window.history.pushState({ usr: state, key: 'feedback', idx: window.history.length }, '', '/feedback');
      dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { channelId, expertId: channel.body.data.expertId, serviceName: channel.body.data.serviceName },
  );
  // The nurse service sends its feedback survey as the chat ends: the page asks no 0–10 score of its own before it
  // (issue 29; the score form is asked after chats without one), and points to the survey.
  await expect(patient.getByRole('heading', { level: 1, name: 'Kiitos!' })).toBeFocused();
  await expect(patient.getByRole('link', { name: 'Takaisin palveluiden valintaan' })).toBeVisible();
  await expect(patient.getByRole('link', { name: 'Vastaa palautekyselyyn' })).toHaveAttribute('href', /^\/survey\/[0-9a-f-]{36}$/);
  await expect(patient.locator('fieldset').getByRole('radio')).toHaveCount(0);
  await expectAccessible(patient);

  // The history, from the main menu: the chat with the expert's name and the file; its details with the transcript.
  await patient.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Asiointihistoria', exact: true }).click();
  await expect(patient.getByRole('heading', { level: 1, name: 'Asiointihistoria' })).toBeVisible();
  const entry = patient.getByRole('link', { name: new RegExp(`${DEMO_EXPERT_NAME}.*rokotusohje\\.pdf`) });
  await expect(entry).toHaveCount(1);
  await expectAccessible(patient);
  await entry.click();
  await expect(patient).toHaveURL(new RegExp(`/history/${channelId}$`));
  await expect(patient.getByRole('heading', { level: 1, name: 'Keskustelun tiedot' })).toBeVisible();
  const transcript = patient.getByRole('list').filter({ hasText: 'Hei, kysyisin rokotuksista.' });
  await expect(transcript.getByRole('listitem')).toHaveCount(2);
  await expect(transcript.getByRole('listitem').last()).toContainText(`${DEMO_EXPERT_NAME}Asiantuntija`);
  await expect(transcript.getByRole('listitem').last()).toContainText('Hei! Kerron mielelläni.');
  await expectAccessible(patient);
  // The tab's download is listened for as the tab opens: waiting on it only after awaiting the popup missed a
  // download that came 0.1 s after the tab, on busy cores.
  const download = new Promise<Download>((resolve) => patient.once('popup', (tab) => tab.once('download', resolve)));
  await patient.getByRole('button', { name: /^rokotusohje\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('rokotusohje.pdf');
  await file.page().close();
  await patient.getByRole('link', { name: 'Takaisin asiointihistoriaan' }).click();
  await expect(patient).toHaveURL(/\/history$/);

  // The expert's own feedback after the chat, asked on the desk in the ended chat's place: 1–7, then the chat closes.
  const feedback = desk.getByRole('region', { name: 'Palaute keskustelusta' });
  const scale = feedback.getByRole('group', { name: 'Kuinka helppoa potilaan auttaminen oli?' });
  await expect(scale.getByRole('radio')).toHaveCount(7);
  await expectAccessible(expert);
  await scale.getByRole('radio', { name: '6' }).check();
  const expertAnswered = expert.waitForResponse((r) => r.url().endsWith('/api/expert/feedback'));
  await feedback.getByRole('button', { name: 'Lähetä' }).click();
  expect((await expertAnswered).status()).toBe(200);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  await expect(expert.getByRole('status').getByText('Kiitos palautteestasi.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Hilla Historia', exact: true })).toHaveCount(0);

  // A second chat with the same patient: its contact history shows the first one, with its transcript.
  const second = await openAcceptedChat(patient, expert);
  await expert.reload();
  await desk.getByRole('button', { name: 'Hilla Historia', exact: true }).click();
  const history = desk.getByRole('region', { name: 'Yhteydenottohistoria' }).filter({ visible: true });
  const earlier = history.getByRole('button', {
    name: new RegExp(`${NURSE_SERVICE}.*Asiantuntija: ${DEMO_EXPERT_NAME}.*Tiedostot: rokotusohje\\.pdf`),
  });
  await expect(earlier).toHaveCount(1);
  await expectAccessible(expert);
  await earlier.click();
  await expect(history.getByRole('heading', { level: 5, name: /^Keskustelu / })).toBeFocused();
  await expect(history.getByText('Hei! Kerron mielelläni.')).toBeVisible();
  await expect(history.getByRole('button', { name: /^rokotusohje\.pdf/ })).toBeVisible();
  await expectAccessible(expert);
  await history.getByRole('button', { name: 'Takaisin yhteydenottohistoriaan' }).click();
  await expect(earlier).toBeVisible();
  expect((await call(expert, `/api/expert/chat/channels/${second}/end`, { method: 'POST' })).status).toBe(200);
});
