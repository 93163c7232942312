import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Listening } from '../db/notifications';
import { bookingExpert, daysAheadAt, onboardedPatients, openSlots } from '../modules/booking/booking.steps';
import { chatExpert, ownQueue, sessionPatientId } from '../modules/chat/chat.steps';
import { okData, organisationBySlug, postJson, VALID_CONTACT } from '../modules/patients/patient.steps';
import { patientScope } from '../platform/access/patient-access';
import { sha256 } from '../platform/crypto/tokens';
import { sessionScope } from '../platform/session/sessions.service';
import type { TestBrowser } from '../test/http-client';
import { startTestApp, type TestApp } from '../test/test-app';
import { READ_MODEL_CHANNEL } from './read-models';

/**
 * A writing route that says `keepsCallerCache` leaves its caller's cached session and patient access in this
 * instance's memory (plugins/session.ts): true only if none of its writes changes them. Each such route is called
 * here as its caller would, and what the database's triggers notify during it is read up to a marker notified after
 * it (notifications arrive in commit order): no scope of the caller's may be among them. Every route that says so
 * has its case here.
 */
let t: TestApp;
let espoo: string;
let listening: Listening;
const heard: string[] = [];
let ready: Promise<void>;

beforeAll(async () => {
  // Test apps run without the cache (test-app.ts); this one has it, as in production.
  t = await startTestApp({ READ_MODEL_CACHE_TTL_SECONDS: '60' });
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  ready = new Promise((resolve) => {
    listening = t.database.listen(READ_MODEL_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onReady: resolve,
      onLost: () => undefined,
    });
  });
  await ready;
});
afterAll(async () => {
  await listening?.close();
  await t?.close();
});

/** The scopes the invalidation channel named while `call` ran (and committed), in order. */
async function scopesNotifiedBy(call: () => Promise<unknown>): Promise<string[]> {
  heard.length = 0;
  await call();
  const marker = `marker-${randomUUID()}`;
  await t.database.db.execute(sql`select pg_notify(${READ_MODEL_CHANNEL}, ${marker})`);
  await expect.poll(() => heard.includes(marker)).toBe(true);
  return heard.slice(0, heard.indexOf(marker));
}

/** The scopes a browser's own cached copies are held under: its session's, and its patient's when it has one. */
async function callerScopes(browser: TestBrowser, patient: boolean): Promise<string[]> {
  const scopes = [sessionScope(sha256(browser.cookie('prsp_session')!))];
  if (patient) scopes.push(patientScope(await sessionPatientId(t, browser)));
  return scopes;
}

/** A route's caller, made ready to call it (`send`), and whether a patient calls. */
type Prepared = { caller: TestBrowser; patient: boolean; send: () => Promise<unknown> };
type Case = { route: string; prepare: () => Promise<Prepared> };

const CASES: Case[] = [
  {
    route: 'POST /api/contact',
    prepare: async () => {
      const [patient] = await onboardedPatients(t, espoo, 1);
      return { caller: patient!, patient: true, send: () => okData(postJson(patient!, '/api/contact', VALID_CONTACT)) };
    },
  },
  {
    route: 'POST /api/services/lock/:uuid',
    prepare: async () => {
      const expert = await bookingExpert(t, espoo, 'nurse');
      const [slot] = await openSlots(t, espoo, expert.id, [daysAheadAt(3, 10)]);
      const [patient] = await onboardedPatients(t, espoo, 1);
      return { caller: patient!, patient: true, send: () => okData(postJson(patient!, `/api/services/lock/${slot}`)) };
    },
  },
  {
    route: 'POST /api/chat/channels',
    prepare: async () => {
      const { queueId, serviceId } = await ownQueue(t, espoo);
      await chatExpert(t, espoo, queueId);
      const [patient] = await onboardedPatients(t, espoo, 1);
      return { caller: patient!, patient: true, send: () => okData(postJson(patient!, '/api/chat/channels', { serviceId })) };
    },
  },
  {
    route: 'POST /api/expert/chat/channels/:id/accept',
    prepare: async () => {
      const { expert, channelId } = await waitingChat();
      return { caller: expert, patient: false, send: () => okData(postJson(expert, `/api/expert/chat/channels/${channelId}/accept`)) };
    },
  },
  {
    route: 'POST /api/expert/chat/channels/:id/end',
    prepare: async () => {
      const { expert, channelId } = await waitingChat();
      await okData(postJson(expert, `/api/expert/chat/channels/${channelId}/accept`));
      return { caller: expert, patient: false, send: () => okData(postJson(expert, `/api/expert/chat/channels/${channelId}/end`)) };
    },
  },
];

/** A patient waiting in a queue of its own and the expert who serves it. */
async function waitingChat(): Promise<{ expert: TestBrowser; channelId: string }> {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const { browser: expert } = await chatExpert(t, espoo, queueId);
  const [patient] = await onboardedPatients(t, espoo, 1);
  const { id } = await okData<{ id: string }>(postJson(patient!, '/api/chat/channels', { serviceId }));
  return { expert, channelId: id };
}

/** The instance's count of its own writes dropping cached entries before their answer left. */
async function localInvalidations(): Promise<number> {
  const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('read_model_cache_invalidations_total{reason="local"} '));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('routes that keep their caller’s cached access', () => {
  test('such a route leaves the caller’s copies in memory; any other write drops them before its answer leaves', async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    await okData(patient!.fetch('/api/config'));
    const before = await localInvalidations();
    await okData(postJson(patient!, '/api/contact', VALID_CONTACT));
    expect(await localInvalidations()).toBe(before);
    await okData(postJson(patient!, '/api/terms/accept'));
    expect(await localInvalidations()).toBeGreaterThan(before);
  });

  test('every route that says so has its case here', () => {
    const saying = t.app.declaredRoutes.filter((r) => r.keepsCallerCache).map((r) => `${r.method} ${r.path}`);
    expect(saying.sort()).toEqual(CASES.map((c) => c.route).sort());
  });

  test.each(CASES)('$route notifies no scope of its caller’s', async ({ prepare }) => {
    const { caller, patient, send } = await prepare();
    const own = await callerScopes(caller, patient);
    expect((await scopesNotifiedBy(send)).filter((scope) => own.includes(scope))).toEqual([]);
  });
});
