import { readStats, type MediaPath, type MediaPathEvents } from './media-path';
import { ICE_RESTART_GRACE_MS } from './mesh-call';
import type { StatEntry } from './video-rules';

/** Janus drops a session that has been silent for 60 s; a keepalive every 25 s keeps it. */
const KEEPALIVE_MS = 25_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** The key a Janus feed's media goes by until (and besides) the peer that announced it is known. */
export const feedKey = (feedId: number) => `feed:${feedId}`;

type JanusMessage = {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { videoroom?: string; error?: string } };
  jsep?: RTCSessionDescriptionInit;
};

type Publisher = { id: number; display?: string };

export type JanusOptions = {
  url: string;
  roomId: number;
  pin: string;
  display: string;
  iceServers: RTCIceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  events: MediaPathEvents;
};

/**
 * A small Janus videoroom client over its WebSocket API (subprotocol `janus-protocol`): a session with
 * keepalives, one publisher handle that joins the room with its PIN and publishes (configure + offer), and one
 * subscriber handle per remote feed. Our own publisher id is `feedId` (the call announces it with `video:state`
 * so the others know whose feed is whose). Remote media is reported under `feedKey(feedId)`.
 */
export class JanusCall implements MediaPath {
  private ws!: WebSocket;
  private session = 0;
  private publisher = 0;
  private privateId: number | undefined;
  private publisherPc: RTCPeerConnection | null = null;
  private readonly subscribers = new Map<number, { handle: number; pc: RTCPeerConnection; stream: MediaStream }>();
  private readonly pending = new Map<string, { resolve: (m: JanusMessage) => void; reject: (e: Error) => void; ackOnly: boolean }>();
  private keepalive?: ReturnType<typeof setInterval>;
  private failTimer?: ReturnType<typeof setTimeout>;
  private closed = false;
  private tracks: JanusOptions['tracks'];
  /** Our publisher id in the room once joined. */
  feedId: number | null = null;

  constructor(private readonly o: JanusOptions) {
    this.tracks = { ...o.tracks };
  }

  /** Connects, joins the room and publishes; resolves with our feed id. */
  async start(): Promise<number> {
    await this.open();
    const created = await this.request({ janus: 'create' });
    this.session = created.data!.id;
    this.keepalive = setInterval(() => this.sendRaw({ janus: 'keepalive', session_id: this.session, transaction: tx() }), KEEPALIVE_MS);
    this.publisher = await this.attach();
    const joined = await this.message(this.publisher, {
      request: 'join',
      ptype: 'publisher',
      room: this.o.roomId,
      pin: this.o.pin,
      display: this.o.display,
    });
    const data = joined.plugindata?.data ?? {};
    if (data.videoroom !== 'joined') throw new Error(String(data.error ?? 'janus join refused'));
    this.feedId = data.id as number;
    this.privateId = data.private_id as number | undefined;
    await this.publish();
    for (const p of (data.publishers as Publisher[] | undefined) ?? []) void this.subscribe(p.id);
    return this.feedId;
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    this.tracks[kind] = track;
    const t = this.publisherPc?.getTransceivers().find((x) => x.receiver.track.kind === kind);
    if (t) await t.sender.replaceTrack(track).catch(() => undefined);
  }

  async stats(): Promise<Map<string, StatEntry[]>> {
    const out = new Map<string, StatEntry[]>();
    if (this.publisherPc) out.set('', await readStats(this.publisherPc).catch(() => []));
    await Promise.all([...this.subscribers].map(async ([feed, s]) => out.set(feedKey(feed), await readStats(s.pc).catch(() => []))));
    return out;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    clearTimeout(this.failTimer);
    if (this.session && this.ws.readyState === WebSocket.OPEN)
      this.sendRaw({ janus: 'destroy', session_id: this.session, transaction: tx() });
    this.publisherPc?.close();
    for (const [feed, s] of this.subscribers) {
      s.pc.close();
      this.o.events.onRemoteGone(feedKey(feed));
    }
    this.subscribers.clear();
    this.ws?.close();
    for (const p of this.pending.values()) p.reject(new Error('closed'));
    this.pending.clear();
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(this.o.url, 'janus-protocol');
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error('janus unreachable'));
      this.ws.onclose = () => {
        if (!this.closed) this.o.events.onNeedRejoin();
      };
      this.ws.onmessage = (e) => this.onMessage(JSON.parse(String(e.data)) as JanusMessage);
    });
  }

  private sendRaw(m: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  /** A request answered by `success` (or, for plugin messages, by the `event` after the `ack`). */
  private request(m: Record<string, unknown>, ackOnly = false): Promise<JanusMessage> {
    const transaction = tx();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error('janus timeout'));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(transaction, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        ackOnly,
      });
      this.sendRaw({ ...m, transaction });
    });
  }

  private async attach(): Promise<number> {
    const r = await this.request({ janus: 'attach', plugin: 'janus.plugin.videoroom', session_id: this.session });
    return r.data!.id;
  }

  private message(handle: number, body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit): Promise<JanusMessage> {
    return this.request({ janus: 'message', session_id: this.session, handle_id: handle, body, ...(jsep ? { jsep } : {}) });
  }

  private onMessage(m: JanusMessage): void {
    const waiting = m.transaction ? this.pending.get(m.transaction) : undefined;
    if (waiting) {
      if (m.janus === 'ack' && !waiting.ackOnly) return; // The plugin's answer comes as an event with the same transaction.
      this.pending.delete(m.transaction!);
      if (m.janus === 'error') waiting.reject(new Error(m.error?.reason ?? 'janus error'));
      else waiting.resolve(m);
      return;
    }
    if (m.janus === 'event' && m.sender === this.publisher) {
      const data = m.plugindata?.data ?? {};
      for (const p of (data.publishers as Publisher[] | undefined) ?? []) void this.subscribe(p.id);
      const gone = (data.unpublished ?? data.leaving) as number | string | undefined;
      if (typeof gone === 'number') this.unsubscribe(gone);
    }
    if (m.janus === 'hangup' && m.sender === this.publisher && !this.closed) this.o.events.onNeedRejoin();
  }

  private newPc(onFailed: () => void): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers, iceTransportPolicy: this.o.iceTransportPolicy });
    pc.oniceconnectionstatechange = () => {
      const s = pc.iceConnectionState;
      if (s === 'failed' || s === 'disconnected') {
        this.failTimer ??= setTimeout(onFailed, s === 'failed' ? 0 : ICE_RESTART_GRACE_MS);
      } else if (s === 'connected' || s === 'completed') {
        clearTimeout(this.failTimer);
        this.failTimer = undefined;
      }
    };
    return pc;
  }

  private trickle(handle: number, pc: RTCPeerConnection): void {
    pc.onicecandidate = ({ candidate }) => {
      const body = candidate?.candidate
        ? { candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } }
        : { candidate: { completed: true } };
      this.sendRaw({ janus: 'trickle', session_id: this.session, handle_id: handle, transaction: tx(), ...body });
    };
  }

  private async publish(): Promise<void> {
    const pc = this.newPc(() => !this.closed && this.o.events.onNeedRejoin());
    this.publisherPc = pc;
    this.trickle(this.publisher, pc);
    for (const kind of ['audio', 'video'] as const) pc.addTransceiver(this.tracks[kind] ?? kind, { direction: 'sendonly' });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const r = await this.message(this.publisher, { request: 'configure', audio: true, video: true }, { type: 'offer', sdp: offer.sdp });
    if (!r.jsep) throw new Error('janus gave no answer');
    await pc.setRemoteDescription(r.jsep);
  }

  private async subscribe(feed: number): Promise<void> {
    if (this.closed || feed === this.feedId || this.subscribers.has(feed)) return;
    const pc = this.newPc(() => !this.closed && this.o.events.onNeedRejoin());
    const stream = new MediaStream();
    // Reserve the feed at once, so a second announcement of it does not subscribe twice.
    this.subscribers.set(feed, { handle: 0, pc, stream });
    try {
      const handle = await this.attach();
      const entry = this.subscribers.get(feed);
      if (!entry) return;
      entry.handle = handle;
      this.trickle(handle, pc);
      pc.ontrack = ({ track }) => {
        if (!stream.getTracks().includes(track)) stream.addTrack(track);
        this.o.events.onRemoteStream(feedKey(feed), stream);
      };
      const joined = await this.message(handle, {
        request: 'join',
        ptype: 'subscriber',
        room: this.o.roomId,
        pin: this.o.pin,
        feed,
        ...(this.privateId !== undefined ? { private_id: this.privateId } : {}),
      });
      if (!joined.jsep) throw new Error('janus gave no offer');
      await pc.setRemoteDescription(joined.jsep);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await this.message(handle, { request: 'start', room: this.o.roomId }, { type: 'answer', sdp: answer.sdp });
    } catch {
      this.unsubscribe(feed);
    }
  }

  private unsubscribe(feed: number): void {
    const s = this.subscribers.get(feed);
    if (!s) return;
    this.subscribers.delete(feed);
    s.pc.close();
    if (s.handle) this.sendRaw({ janus: 'detach', session_id: this.session, handle_id: s.handle, transaction: tx() });
    this.o.events.onRemoteGone(feedKey(feed));
  }
}

function tx(): string {
  return Math.random().toString(36).slice(2, 14);
}
