import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { VideoSession } from '@prsp/contracts';
import { chatChannels, videoRooms } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { startJanus, type RunningJanus } from '../../test/janus';
import { startTestApp, type TestApp } from '../../test/test-app';
import { videoroomRequest } from './janus-client';
import { turnCredentials } from './video-ice';
import { createVideoProvider } from './video-provider';
import { acceptedOneToOne, groupVideo } from './video.steps';

/**
 * Janus as the SFU (docs/video.md), against a real Janus (Debian's `janus`, videoroom plugin, WebSocket transport) on
 * loopback: rooms are created by the server on the least-loaded instance, recorded in video_rooms with the PIN
 * encrypted, shared by everyone of the call, and destroyed when the channel ends. Creating a room needs no ICE.
 * Janus missing is a failure (npm test installs it), never a skip.
 */
const ADMIN_KEY = 'janus-admin-key-for-tests-0001';
const TURN_SECRET = 'coturn-static-auth-secret-0001';
let janus: RunningJanus;
let t: TestApp;
let espoo: string;

beforeAll(async () => {
  janus = await startJanus({ bindIp: '127.0.0.1', adminKey: ADMIN_KEY });
  t = await startTestApp({
    VIDEO_PROVIDER: 'janus',
    JANUS_URL: janus.url,
    JANUS_PUBLIC_URL: `ws://janus.test.example:${janus.port}`,
    JANUS_ADMIN_KEY: ADMIN_KEY,
    STUN_URLS: 'stun:turn.test.example:3478',
    TURN_URLS: 'turn:turn.test.example:3478?transport=udp,turns:turn.test.example:443?transport=tcp',
    TURN_SECRET,
    VIDEO_ICE_POLICY: 'relay',
  });
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await janus?.stop();
});

const exists = async (url: string, room: number) => (await videoroomRequest(url, { request: 'exists', room })).exists;
const roomRow = async (channelId: string) => (await t.database.db.select().from(videoRooms).where(eq(videoRooms.channelId, channelId)))[0];

describe('VIDEO_PROVIDER=janus', () => {
  test('the first session creates the room on Janus; both sides get the same room and PIN; it is destroyed when the chat ends', async () => {
    const call = await acceptedOneToOne(t, espoo);
    const before = Math.floor(Date.now() / 1000);
    const patient = await okData<VideoSession>(call.patient.fetch(`/api/video/channels/${call.channel.id}/session`));
    expect(patient).toMatchObject({ provider: 'janus', iceTransportPolicy: 'relay' });
    expect(patient.janus).toEqual({ url: `ws://janus.test.example:${janus.port}`, roomId: expect.any(Number), pin: expect.any(String) });
    const room = patient.janus!;
    expect(room.roomId).toBeGreaterThanOrEqual(100_000);
    expect(room.pin.length).toBeGreaterThanOrEqual(16);
    expect(await exists(janus.url, room.roomId)).toBe(true);

    // TURN credentials minted for this participant, in coturn's REST scheme.
    const turn = patient.iceServers.find((s) => s.urls[0]!.startsWith('turn:'))!;
    const [expiry, user] = turn.username!.split(':');
    expect(user).toBe(call.patientId);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 3600);
    expect(turn.credential).toBe(turnCredentials(TURN_SECRET, user!, Number(expiry)).credential);
    expect(patient.iceServers[0]).toEqual({ urls: ['stun:turn.test.example:3478'] });

    const expert = await okData<VideoSession>(call.expert.browser.fetch(`/api/video/channels/${call.channel.id}/session`));
    expect(expert.janus).toEqual(room);
    expect(expert.iceServers[1]!.username).toMatch(new RegExp(`:${call.expert.userId}$`));

    // One row, on the instance the server reaches, the PIN encrypted at rest.
    const row = (await roomRow(call.channel.id))!;
    expect(row).toMatchObject({ provider: 'janus', serverUrl: janus.url, roomId: room.roomId });
    expect(row.pinCipher).not.toContain(room.pin);
    expect(createFieldCipher(t.config.dataKey).decrypt(row.pinCipher)).toBe(room.pin);

    await okData(postJson(call.expert.browser, `/api/expert/chat/channels/${call.channel.id}/end`));
    // The row goes first, then the server asks Janus to destroy the room: both within the wait.
    await vi.waitFor(
      async () => {
        expect(await roomRow(call.channel.id)).toBeUndefined();
        expect(await exists(janus.url, room.roomId)).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  test('sessions asked at the same moment share one room', async () => {
    const group = await groupVideo(t, espoo);
    const ask = (fetch: () => Promise<Response>) => okData<VideoSession>(fetch());
    const path = `/api/video/channels/${group.channel.id}/session`;
    const sessions = await Promise.all([
      ask(() => group.patients[0].fetch(path)),
      ask(() => group.patients[1].fetch(path)),
      ask(() => group.guest.fetch(path)),
      ask(() => group.lead.browser.fetch(path)),
    ]);
    expect(new Set(sessions.map((s) => s.janus!.roomId)).size).toBe(1);
    expect(await t.database.db.select().from(videoRooms).where(eq(videoRooms.channelId, group.channel.id))).toHaveLength(1);
  });
});

describe('mesh with JANUS_URL, and several instances', () => {
  test('Janus takes only groups above meshMax; new rooms go to the least-loaded instance', async () => {
    // Two instances: the same Janus reached by two addresses, so the assignment shows in the rows.
    const second = janus.url.replace('127.0.0.1', 'localhost');
    const provider = createVideoProvider(
      {
        ...t.config.video,
        provider: 'mesh',
        janus: [
          { url: janus.url, publicUrl: janus.url },
          { url: second, publicUrl: second },
        ],
      },
      { db: t.database.db, cipher: createFieldCipher(t.config.dataKey), log: t.app.log },
    );
    const channels = [await groupVideo(t, espoo), await groupVideo(t, espoo), await groupVideo(t, espoo)].map((g) => g.channel.id);
    const rowOf = async (id: string) => (await t.database.db.select().from(chatChannels).where(eq(chatChannels.id, id)))[0]!;
    const roomFor = async (id: string, size: number) => {
      const channel = await rowOf(id);
      return t.database.db.transaction((tx) => provider.roomFor(tx, channel, size));
    };
    expect(await roomFor(channels[0]!, 4)).toBeNull();
    expect(await roomRow(channels[0]!)).toBeUndefined();

    // Earlier tests' live rooms sit on the first address, so the second takes the first new room; then the next
    // goes wherever fewer live rooms are: either way, not where the first went.
    const load = async () => (await t.database.db.select().from(videoRooms)).filter((r) => r.serverUrl === second).length;
    const firstRoom = await roomFor(channels[0]!, 5);
    const secondRoom = await roomFor(channels[1]!, 6);
    expect(firstRoom!.url).not.toBe(secondRoom!.url);
    expect(await load()).toBe(1);
    // Once a channel has a room it keeps it, whatever the size asked.
    expect(await roomFor(channels[0]!, 2)).toEqual(firstRoom);
    expect(await exists(janus.url, secondRoom!.roomId)).toBe(true);

    for (const id of channels.slice(0, 2)) await provider.closeRoom(id);
    expect(await exists(janus.url, firstRoom!.roomId)).toBe(false);
    expect(await exists(janus.url, secondRoom!.roomId)).toBe(false);
    // Closing a channel that has no room is nothing.
    await provider.closeRoom(channels[2]!);
  });
});
