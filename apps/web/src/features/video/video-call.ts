import type { VideoPeer, VideoSession } from '@prsp/contracts';
import type { AppSocket } from '@/lib/socket';
import { nextPhase, type CallEvent, type CallPhase } from './call-phase';
import { loadDeviceChoice, saveDeviceChoice, type DeviceKind } from './device-memory';
import { feedKey, JanusCall } from './janus-call';
import type { MediaPath } from './media-path';
import { MeshCall } from './mesh-call';
import { fetchVideoSession } from './video-api';
import {
  classifyQuality,
  shouldFallBackToAudio,
  summariseStats,
  worstQuality,
  type Quality,
  type QualitySample,
  type StatCounters,
} from './video-rules';

const JOIN_ACK_MS = 10_000;
const STATS_EVERY_MS = 2_000;
const REJOIN_BACKOFF_MS = 2_000;

/** What went wrong with the user's own devices (the call still goes on: they can see and hear the others). */
export type MediaProblem = 'cameraDenied' | 'cameraMissing' | 'microphoneDenied' | 'microphoneMissing' | null;

export type CallSnapshot = {
  phase: CallPhase;
  /** Why the last join failed (shown with a 'try again'). */
  error: 'session' | 'join' | null;
  mediaProblem: MediaProblem;
  myPeerId: string | null;
  myName: string;
  /** What carries the media (from the session). */
  provider: VideoSession['provider'] | null;
  /** The others in the call, from the socket's presence events. */
  peers: VideoPeer[];
  /** Remote media by peer id (mesh) or `feed:<id>` (Janus). */
  streams: ReadonlyMap<string, MediaStream>;
  /** Bytes received per remote key (for the tiles' `data-bytes-received`). */
  bytes: ReadonlyMap<string, number>;
  /** What the user sees of themselves: the camera or the shared screen. */
  preview: MediaStream | null;
  audio: boolean;
  video: boolean;
  screen: boolean;
  hasMicrophone: boolean;
  hasCamera: boolean;
  /** Video stopped because the connection was too poor (the user may try again). */
  audioOnly: boolean;
  quality: Quality;
  sample: QualitySample | null;
  devices: MediaDeviceInfo[];
  choice: Partial<Record<DeviceKind, string>>;
  /** The last presence change, for the live region. */
  lastEvent: { kind: 'joined' | 'left'; name: string; n: number } | null;
};

/** The key a peer's media and statistics go by. */
export function mediaKey(peer: Pick<VideoPeer, 'peerId' | 'feedId'>, provider: VideoSession['provider'] | null): string {
  return provider === 'janus' && peer.feedId !== null ? feedKey(peer.feedId) : peer.peerId;
}

const isDenied = (err: unknown) => err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError');

async function getTrack(kind: 'audio' | 'video', deviceId: string | undefined): Promise<MediaStreamTrack> {
  const constraints: MediaTrackConstraints =
    kind === 'video' ? { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24, max: 30 } } : { echoCancellation: true };
  if (deviceId) constraints.deviceId = { exact: deviceId };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ [kind]: constraints });
    return stream.getTracks()[0]!;
  } catch (err) {
    // A remembered device that has been unplugged: the default one instead.
    if (deviceId && err instanceof DOMException && (err.name === 'OverconstrainedError' || err.name === 'NotFoundError')) {
      return getTrack(kind, undefined);
    }
    throw err;
  }
}

/**
 * One video call of one channel: session, local media, presence over the socket, and the media path (mesh or
 * Janus). React reads it through `subscribe`/`getSnapshot` (see use-video-call.ts).
 *
 * Reconnection: a dropped peer connection restarts ICE (mesh-call.ts); if that does not help, or the socket
 * itself reconnects, the call joins again with a new peer id and drops every old connection and peer, so nobody
 * lingers as a ghost (the server drops the old socket's peer too).
 */
export class VideoCall {
  private snap: CallSnapshot;
  private readonly listeners = new Set<() => void>();
  private session: VideoSession | null = null;
  private path: MediaPath | null = null;
  private mic: MediaStreamTrack | null = null;
  private camera: MediaStreamTrack | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private statsTimer?: ReturnType<typeof setInterval>;
  private counters = new Map<string, StatCounters>();
  private history: QualitySample[] = [];
  private attempt = 0;
  private rejoinTimer?: ReturnType<typeof setTimeout>;
  private n = 0;

  constructor(
    private readonly socket: AppSocket,
    private readonly channelId: string,
  ) {
    this.snap = {
      phase: 'idle',
      error: null,
      mediaProblem: null,
      myPeerId: null,
      myName: '',
      provider: null,
      peers: [],
      streams: new Map(),
      bytes: new Map(),
      preview: null,
      audio: false,
      video: false,
      screen: false,
      hasMicrophone: false,
      hasCamera: false,
      audioOnly: false,
      quality: 'unknown',
      sample: null,
      devices: [],
      choice: loadDeviceChoice(),
      lastEvent: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snap;

  private set(patch: Partial<CallSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }
  private go(event: CallEvent): void {
    this.set({ phase: nextPhase(this.snap.phase, event) });
  }

  /** Starts the call: the session, the camera and microphone, then joining over the socket. */
  async join(): Promise<void> {
    if (this.snap.phase !== 'idle' && this.snap.phase !== 'left') return;
    const attempt = ++this.attempt;
    this.go('join');
    this.set({ error: null });
    try {
      this.session = await fetchVideoSession(this.channelId);
    } catch {
      if (attempt === this.attempt) this.set({ phase: nextPhase(this.snap.phase, 'failed'), error: 'session' });
      return;
    }
    if (attempt !== this.attempt) return;
    this.set({ myName: this.session.me.name, provider: this.session.provider });
    await this.acquireMedia();
    if (attempt !== this.attempt) return this.stopMedia();
    this.socket.on('video:peer-joined', this.onPeerJoined);
    this.socket.on('video:peer-state', this.onPeerState);
    this.socket.on('video:peer-left', this.onPeerLeft);
    this.socket.on('disconnect', this.onDisconnect);
    this.socket.on('connect', this.onConnect);
    navigator.mediaDevices?.addEventListener?.('devicechange', this.refreshDevices);
    void this.refreshDevices();
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS);
    if (this.socket.connected) await this.enter(attempt);
    else this.go('lost');
  }

  /** Joins the socket's call room and builds the media path (first join and every rejoin). */
  private async enter(attempt: number): Promise<void> {
    this.teardownPath();
    const session = this.session!;
    let ack: { peerId: string; peers: VideoPeer[] };
    try {
      ack = await new Promise((resolve, reject) => {
        this.socket.timeout(JOIN_ACK_MS).emit('video:join', { channelId: this.channelId, ...this.mediaState(), feedId: null }, (err, r) => {
          if (err) reject(err);
          else if (!r.ok) reject(new Error('refused'));
          else resolve(r.data);
        });
      });
    } catch {
      if (attempt !== this.attempt) return;
      if (this.snap.phase === 'joining') {
        this.set({ phase: nextPhase(this.snap.phase, 'failed'), error: 'join' });
        this.cleanup();
      } else this.scheduleRejoin();
      return;
    }
    if (attempt !== this.attempt) return;
    const others = ack.peers.filter((p) => p.peerId !== ack.peerId);
    this.set({ myPeerId: ack.peerId, peers: others, streams: new Map(), bytes: new Map(), quality: 'unknown' });
    const rtc = session.iceServers as RTCIceServer[];
    const events = {
      onRemoteStream: (key: string, stream: MediaStream) => this.set({ streams: new Map(this.snap.streams).set(key, stream) }),
      onRemoteGone: (key: string) => {
        const streams = new Map(this.snap.streams);
        streams.delete(key);
        this.set({ streams });
      },
      onNeedRejoin: () => this.scheduleRejoin(),
    };
    if (session.provider === 'janus' && session.janus) {
      const janus = new JanusCall({
        ...session.janus,
        display: session.me.name,
        iceServers: rtc,
        iceTransportPolicy: session.iceTransportPolicy,
        tracks: this.outgoing(),
        events,
      });
      this.path = janus;
      try {
        await janus.start();
      } catch {
        if (attempt === this.attempt && this.path === janus) this.scheduleRejoin();
        return;
      }
      if (attempt !== this.attempt || this.path !== janus) return;
      this.emitState();
    } else {
      const mesh = new MeshCall({
        socket: this.socket,
        channelId: this.channelId,
        myPeerId: ack.peerId,
        iceServers: rtc,
        iceTransportPolicy: session.iceTransportPolicy,
        tracks: this.outgoing(),
        events,
      });
      this.path = mesh;
      mesh.connectTo(others.map((p) => p.peerId));
    }
    this.go('joined');
  }

  private scheduleRejoin(): void {
    if (this.snap.phase === 'left' || this.snap.phase === 'idle') return;
    this.go('lost');
    clearTimeout(this.rejoinTimer);
    this.rejoinTimer = setTimeout(
      () => {
        if (this.socket.connected && this.snap.phase === 'reconnecting') void this.enter(++this.attempt);
      },
      REJOIN_BACKOFF_MS * (1 + Math.random()),
    );
  }

  private readonly onDisconnect = () => {
    // The server drops this socket's peer; ours go too, and the call is joined again when the socket is back.
    this.teardownPath();
    this.set({ peers: [], streams: new Map(), myPeerId: null });
    this.go('lost');
  };
  private readonly onConnect = () => {
    if (this.snap.phase === 'reconnecting') void this.enter(++this.attempt);
  };

  private readonly onPeerJoined = (e: { channelId: string; peer: VideoPeer }) => {
    if (e.channelId !== this.channelId || e.peer.peerId === this.snap.myPeerId) return;
    // The same person on a new socket (a rejoin) replaces their old peer.
    const peers = this.snap.peers.filter((p) => p.peerId !== e.peer.peerId);
    this.set({ peers: [...peers, e.peer], lastEvent: { kind: 'joined', name: e.peer.name, n: ++this.n } });
  };
  private readonly onPeerState = (e: { channelId: string; peer: VideoPeer }) => {
    if (e.channelId !== this.channelId || e.peer.peerId === this.snap.myPeerId) return;
    const known = this.snap.peers.some((p) => p.peerId === e.peer.peerId);
    this.set({ peers: known ? this.snap.peers.map((p) => (p.peerId === e.peer.peerId ? e.peer : p)) : [...this.snap.peers, e.peer] });
  };
  private readonly onPeerLeft = (e: { channelId: string; peerId: string }) => {
    if (e.channelId !== this.channelId) return;
    const gone = this.snap.peers.find((p) => p.peerId === e.peerId);
    if (!gone) return;
    if (this.path instanceof MeshCall) this.path.removePeer(e.peerId);
    this.set({ peers: this.snap.peers.filter((p) => p.peerId !== e.peerId), lastEvent: { kind: 'left', name: gone.name, n: ++this.n } });
  };

  private async acquireMedia(): Promise<void> {
    const choice = loadDeviceChoice();
    let problem: MediaProblem = null;
    try {
      this.mic = await getTrack('audio', choice.audioinput);
    } catch (err) {
      problem = isDenied(err) ? 'microphoneDenied' : 'microphoneMissing';
    }
    try {
      this.camera = await getTrack('video', choice.videoinput);
    } catch (err) {
      problem ??= isDenied(err) ? 'cameraDenied' : 'cameraMissing';
    }
    this.set({
      mediaProblem: problem,
      hasMicrophone: this.mic !== null,
      hasCamera: this.camera !== null,
      audio: this.mic !== null,
      video: this.camera !== null,
      preview: this.camera ? new MediaStream([this.camera]) : null,
    });
  }

  private readonly refreshDevices = async () => {
    const devices = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
    if (devices) this.set({ devices: devices.filter((d) => d.deviceId !== '') });
  };

  private outgoing(): { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } {
    const video = this.snap.screen ? this.screenTrack : this.snap.video && !this.snap.audioOnly ? this.camera : null;
    return { audio: this.mic, video };
  }

  private mediaState() {
    return { audio: this.snap.audio, video: this.snap.video && !this.snap.audioOnly, screen: this.snap.screen };
  }

  private emitState(): void {
    if (!this.socket.connected || this.snap.phase === 'left') return;
    const feedId = this.path instanceof JanusCall ? this.path.feedId : null;
    this.socket.emit('video:state', { channelId: this.channelId, ...this.mediaState(), feedId });
  }

  private async sendVideo(): Promise<void> {
    await this.path?.replaceTrack('video', this.outgoing().video);
    const v = this.outgoing().video;
    this.set({ preview: v ? new MediaStream([v]) : null });
    this.emitState();
  }

  toggleAudio = () => {
    if (!this.mic) return;
    const audio = !this.snap.audio;
    this.mic.enabled = audio;
    this.set({ audio });
    this.emitState();
  };

  toggleVideo = async () => {
    if (this.snap.video) {
      this.camera?.stop();
      this.camera = null;
      this.set({ video: false });
    } else {
      try {
        this.camera = await getTrack('video', loadDeviceChoice().videoinput);
      } catch (err) {
        this.set({ mediaProblem: isDenied(err) ? 'cameraDenied' : 'cameraMissing' });
        return;
      }
      this.set({ video: true, hasCamera: true, audioOnly: false });
      this.history = [];
    }
    await this.sendVideo();
  };

  toggleScreen = async () => {
    if (this.snap.screen) return this.stopScreen();
    let track: MediaStreamTrack;
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      track = stream.getVideoTracks()[0]!;
    } catch {
      return; // The user cancelled the picker.
    }
    this.screenTrack = track;
    // The browser's own 'stop sharing' button ends the track: the camera comes back.
    track.addEventListener('ended', () => void this.stopScreen());
    this.set({ screen: true });
    await this.sendVideo();
  };

  private async stopScreen(): Promise<void> {
    if (!this.screenTrack) return;
    this.screenTrack.stop();
    this.screenTrack = null;
    this.set({ screen: false });
    await this.sendVideo();
  }

  /** Another camera, microphone or speaker; remembered for this device. */
  chooseDevice = async (kind: DeviceKind, deviceId: string) => {
    saveDeviceChoice(kind, deviceId);
    this.set({ choice: loadDeviceChoice() });
    if (kind === 'audiooutput') return;
    const key = kind === 'audioinput' ? 'audio' : 'video';
    if (key === 'video' && !this.snap.video) return;
    let track: MediaStreamTrack;
    try {
      track = await getTrack(key, deviceId);
    } catch {
      return;
    }
    if (key === 'audio') {
      this.mic?.stop();
      track.enabled = this.snap.audio;
      this.mic = track;
      await this.path?.replaceTrack('audio', track);
      this.set({ hasMicrophone: true });
    } else {
      this.camera?.stop();
      this.camera = track;
      if (!this.snap.screen) await this.sendVideo();
    }
  };

  /** After the audio-only fallback: send video again (and watch afresh). */
  retryVideo = async () => {
    this.history = [];
    this.set({ audioOnly: false });
    await this.sendVideo();
  };

  private async readStats(): Promise<void> {
    const path = this.path;
    if (!path || this.snap.phase !== 'in-call') return;
    const all = await path.stats().catch(() => new Map<string, never[]>());
    if (path !== this.path) return;
    const bytes = new Map<string, number>();
    const qualities: Quality[] = [];
    let worst: QualitySample | null = null;
    for (const [key, entries] of all) {
      const r = summariseStats(entries, this.counters.get(key) ?? null);
      this.counters.set(key, r.counters);
      if (key !== '') bytes.set(key, r.bytesReceived);
      qualities.push(classifyQuality(r.sample));
      worst = worst
        ? {
            rttMs: Math.max(worst.rttMs ?? 0, r.sample.rttMs ?? 0) || null,
            loss: Math.max(worst.loss ?? 0, r.sample.loss ?? 0),
            outgoingKbps:
              worst.outgoingKbps === null ? r.sample.outgoingKbps : Math.min(worst.outgoingKbps, r.sample.outgoingKbps ?? Infinity),
          }
        : r.sample;
    }
    this.set({ bytes, quality: worstQuality(qualities), sample: worst });
    if (!worst) return;
    // Only outgoing camera video falls back; a shared screen is what the others need to see, so it stays.
    if (this.snap.video && !this.snap.screen && !this.snap.audioOnly) {
      this.history = [...this.history.slice(-5), worst];
      if (shouldFallBackToAudio(this.history)) {
        this.set({ audioOnly: true });
        await this.sendVideo();
      }
    }
  }

  private teardownPath(): void {
    this.path?.close();
    this.path = null;
    this.counters.clear();
  }

  private stopMedia(): void {
    for (const t of [this.mic, this.camera, this.screenTrack]) t?.stop();
    this.mic = this.camera = this.screenTrack = null;
  }

  private cleanup(): void {
    clearInterval(this.statsTimer);
    clearTimeout(this.rejoinTimer);
    this.socket.off('video:peer-joined', this.onPeerJoined);
    this.socket.off('video:peer-state', this.onPeerState);
    this.socket.off('video:peer-left', this.onPeerLeft);
    this.socket.off('disconnect', this.onDisconnect);
    this.socket.off('connect', this.onConnect);
    navigator.mediaDevices?.removeEventListener?.('devicechange', this.refreshDevices);
    this.teardownPath();
    this.stopMedia();
  }

  /** The page lets go of the call: leaves it if it was joined (a call never joined stays as it was). */
  dispose = () => {
    if (this.snap.phase === 'idle') {
      this.attempt++;
      this.cleanup();
    } else if (this.snap.phase !== 'left') this.leave();
  };

  /** Leaves the call (the button, leaving the chat, or closing the page). */
  leave = () => {
    this.attempt++;
    const wasIn = this.snap.phase !== 'idle' && this.snap.phase !== 'left';
    if (wasIn && this.socket.connected) this.socket.emit('video:leave', { channelId: this.channelId });
    this.cleanup();
    this.set({
      phase: nextPhase(this.snap.phase, 'leave'),
      peers: [],
      streams: new Map(),
      bytes: new Map(),
      preview: null,
      screen: false,
      audioOnly: false,
      myPeerId: null,
    });
  };
}
