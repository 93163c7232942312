import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VideoSession, VideoSignal } from '@prsp/contracts';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectSocket, emitAck, guestClient, nextEvent, type ChatSocket } from './chat.steps';
import { acceptedOneToOne, groupVideo, joinCall, oneToOneVideo } from './video.steps';

/**
 * Issue 10, video on the server: the session endpoint (who may join a channel's call, with what ICE servers), and the
 * socket's presence and mesh signalling: peers in a call, signals only within it, no ghosts after a reconnect.
 * Default configuration: mesh, no ICE servers (loopback).
 */
let t: TestApp;
let espoo: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function socketOf(who: { browser?: TestBrowser; guestToken?: string }) {
  const socket = await connectSocket(t.baseUrl, who);
  sockets.push(socket);
  return socket;
}

const sessionOf = (browser: TestBrowser, channelId: string) => browser.fetch(`/api/video/channels/${channelId}/session`);

/** Everything a socket hears of one kind, to show afterwards that something never came. */
function heard<E extends 'video:signal' | 'video:peer-joined'>(socket: ChatSocket, event: E) {
  const got: unknown[] = [];
  socket.on(event, ((e: unknown) => got.push(e)) as never);
  return got;
}

describe('the video session of a channel', () => {
  test('a one-to-one video waits (the expert hears a knock, the session is 403), then both get a mesh session of their own', async () => {
    const call = await oneToOneVideo(t, espoo);
    const expertSocket = await socketOf({ browser: call.expert.browser });
    const knock = nextEvent(expertSocket, 'video:knock');
    const waiting = await okData<{ id: string; status: string; video: boolean }>(
      postJson(call.patient, '/api/chat/channels', { appointmentId: call.appointment.id }),
    );
    expect(waiting).toMatchObject({ status: 'waiting', video: true });
    expect(await knock).toEqual({ channelId: waiting.id, name: 'Potilas Video' });
    await expectError(sessionOf(call.patient, waiting.id), 403, 403);

    await okData(postJson(call.expert.browser, `/api/expert/chat/channels/${waiting.id}/accept`));
    const mine = await okData<VideoSession>(sessionOf(call.patient, waiting.id));
    expect(mine).toEqual({
      channelId: waiting.id,
      provider: 'mesh',
      iceServers: [],
      iceTransportPolicy: 'all',
      janus: null,
      me: { userId: call.patientId, name: 'Potilas Video' },
    });
    const theirs = await okData<VideoSession>(sessionOf(call.expert.browser, waiting.id));
    expect(theirs.me).toEqual({ userId: call.expert.expertId, name: call.expert.name });
  });

  test('refused: a stranger (404), a chat that is not video (404), a guest of another appointment (404), an ended call (403)', async () => {
    const call = await acceptedOneToOne(t, espoo);
    const [stranger] = await onboardedPatients(t, espoo, 1);
    await expectError(sessionOf(stranger!, call.channel.id), 404, 404);

    const plain = await acceptedOneToOne(t, espoo, 'oneOnOne');
    expect(plain.channel.video).toBe(false);
    await expectError(sessionOf(plain.patient, plain.channel.id), 404, 404);

    const group = await groupVideo(t, espoo);
    const otherGroup = await groupVideo(t, espoo);
    expect((await group.guest.fetch(`/api/video/channels/${group.channel.id}/session`)).status).toBe(200);
    await expectError(group.guest.fetch(`/api/video/channels/${otherGroup.channel.id}/session`), 404, 404);
    const guestSocket = await socketOf({ guestToken: group.guest.token });
    expect(await emitAck(guestSocket, 'video:join', { channelId: otherGroup.channel.id, audio: true, video: true, screen: false })).toEqual(
      {
        ok: false,
        statusCode: 404,
        errorKey: expect.any(String),
      },
    );

    await okData(postJson(call.expert.browser, `/api/expert/chat/channels/${call.channel.id}/end`));
    await expectError(sessionOf(call.patient, call.channel.id), 403, 403);
    const late = await socketOf({ browser: call.patient });
    expect(await emitAck(late, 'video:join', { channelId: call.channel.id, audio: true, video: true, screen: false })).toMatchObject({
      ok: false,
      statusCode: 403,
    });
  });

  test('ICE servers for the device check: any signed-in caller, nobody else', async () => {
    const call = await oneToOneVideo(t, espoo);
    expect(await okData(call.patient.fetch('/api/video/ice-servers'))).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
    expect(await okData(call.expert.browser.fetch('/api/video/ice-servers'))).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
    expect((await fetch(`${t.baseUrl}/api/video/ice-servers`)).status).toBe(401);
  });
});

describe('a call over the socket', () => {
  test('peers join and see each other, states and signals pass within the call only, and a socket outside hears nothing', async () => {
    const group = await groupVideo(t, espoo);
    const [p0, p1] = group.patients;
    const first = await socketOf({ browser: p0 });
    const second = await socketOf({ browser: p1 });
    const guest = await socketOf({ guestToken: group.guest.token });
    // A member of the channel who has not joined the call, and a peer of another call.
    const bystander = await socketOf({ browser: group.lead.browser });
    const other = await acceptedOneToOne(t, espoo);
    const elsewhere = await socketOf({ browser: other.patient });
    const elsewhereJoined = await joinCall(elsewhere, other.channel.id);

    const a = await joinCall(first, group.channel.id);
    expect(a).toEqual({ peerId: first.id, peers: [] });
    const announced = nextEvent(first, 'video:peer-joined');
    const b = await joinCall(second, group.channel.id);
    expect(b.peers).toEqual([
      {
        peerId: first.id,
        userId: group.patientIds[0],
        name: 'Potilas0 Ryhmä',
        role: 'patient',
        audio: true,
        video: true,
        screen: false,
        feedId: null,
      },
    ]);
    expect(await announced).toMatchObject({ channelId: group.channel.id, peer: { peerId: second.id, userId: group.patientIds[1] } });
    const g = await joinCall(guest, group.channel.id);
    expect(g.peers.map((p) => p.peerId).sort()).toEqual([first.id, second.id].sort());
    expect(g.peers.find((p) => p.peerId === second.id)).toMatchObject({ role: 'patient' });

    const muted = nextEvent(second, 'video:peer-state', (e) => e.peer.peerId === first.id);
    first.emit('video:state', { channelId: group.channel.id, audio: false, video: true, screen: false });
    expect((await muted).peer).toMatchObject({ audio: false, video: true, screen: false, name: 'Potilas0 Ryhmä' });

    const bystanderHeard = heard(bystander, 'video:signal');
    const elsewhereHeard = heard(elsewhere, 'video:signal');
    // Addressed outside the call (a channel member who has not joined, a peer of another call, a room's name): dropped.
    for (const to of [bystander.id!, elsewhereJoined.peerId, `video:${group.channel.id}`, `user:${group.patientIds[1]}`])
      first.emit('video:signal', { channelId: group.channel.id, to, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' } });
    // From a socket that is not in this call, to one that is: dropped too.
    elsewhere.emit('video:signal', { channelId: group.channel.id, to: second.id!, description: { type: 'offer', sdp: 'v=0\r\n' } });
    // Within the call: forwarded with the sender's peer id, whatever the client claimed.
    const offer = nextEvent(second, 'video:signal');
    first.emit('video:signal', { channelId: group.channel.id, to: second.id!, description: { type: 'offer', sdp: 'v=0\r\n' } });
    expect(await offer).toEqual<VideoSignal>({
      channelId: group.channel.id,
      from: first.id!,
      description: { type: 'offer', sdp: 'v=0\r\n' },
    });
    // The events above were sent before this one and go through the same steps: they have been dealt with.
    const answered = nextEvent(first, 'video:signal');
    second.emit('video:signal', { channelId: group.channel.id, to: first.id!, description: { type: 'answer', sdp: 'v=0\r\n' } });
    expect((await answered).from).toBe(second.id);
    expect(bystanderHeard).toEqual([]);
    expect(elsewhereHeard).toEqual([]);
    // Malformed: answered 400.
    expect(await emitAck(first, 'video:join', { channelId: 'nope' } as never)).toMatchObject({ ok: false, statusCode: 400 });
  });

  test('a peer that leaves or loses its socket is announced gone; coming back is a new peer and no ghost remains', async () => {
    const call = await acceptedOneToOne(t, espoo);
    const patient = await socketOf({ browser: call.patient });
    const expert = await socketOf({ browser: call.expert.browser });
    await joinCall(patient, call.channel.id);
    expect((await joinCall(expert, call.channel.id)).peers.map((p) => p.peerId)).toEqual([patient.id]);

    const gone = nextEvent(patient, 'video:peer-left');
    const oldExpertPeer = expert.id!;
    expert.disconnect();
    expect(await gone).toEqual({ channelId: call.channel.id, peerId: oldExpertPeer });

    const back = await socketOf({ browser: call.expert.browser });
    const joined = nextEvent(patient, 'video:peer-joined');
    const rejoined = await joinCall(back, call.channel.id);
    expect(rejoined.peerId).not.toBe(oldExpertPeer);
    expect(rejoined.peers.map((p) => p.peerId)).toEqual([patient.id]);
    expect((await joined).peer.peerId).toBe(rejoined.peerId);

    // Leaving on purpose: the other side hears it at once, and the call no longer lists the one who left.
    const left = nextEvent(back, 'video:peer-left');
    expect(await emitAck(patient, 'video:leave', { channelId: call.channel.id })).toEqual({ ok: true, data: null });
    expect(await left).toEqual({ channelId: call.channel.id, peerId: patient.id });
    const again = await socketOf({ browser: call.patient });
    expect((await joinCall(again, call.channel.id)).peers.map((p) => p.peerId)).toEqual([rejoined.peerId]);
  });

  test('a guest signs in with a token and is a peer like the others', async () => {
    const group = await groupVideo(t, espoo);
    const guestAgain = await guestClient(t, group.appointment.participants.guests[0]!, group.appointment.id);
    const lead = await socketOf({ browser: group.lead.browser });
    const guest = await socketOf({ guestToken: guestAgain.token });
    await joinCall(lead, group.channel.id);
    const joined = await joinCall(guest, group.channel.id);
    expect(joined.peers).toEqual([expect.objectContaining({ peerId: lead.id, role: 'agent', name: group.lead.name })]);
  });
});
