import type { VideoSignal } from '@prsp/contracts';
import type { AppSocket } from '@/lib/socket';
import { readStats, type MediaPath, type MediaPathEvents } from './media-path';
import { isPolite, type StatEntry } from './video-rules';

/** After an ICE restart, how long the connection may stay down before the whole call is joined again. */
export const ICE_RESTART_GRACE_MS = 10_000;
/** 'disconnected' often heals by itself within a few seconds: restart ICE only when it lasts. */
const DISCONNECTED_WAIT_MS = 2_500;

type Peer = {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  stream: MediaStream;
  restartTimer?: ReturnType<typeof setTimeout>;
  rejoinTimer?: ReturnType<typeof setTimeout>;
};

export type MeshOptions = {
  socket: AppSocket;
  channelId: string;
  myPeerId: string;
  iceServers: RTCIceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  /** The tracks to send now (the call replaces them later through `replaceTrack`). */
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  events: MediaPathEvents;
};

/**
 * The mesh: one RTCPeerConnection per other person, signalled over the socket (`video:signal`) with the
 * 'perfect negotiation' pattern (the lower peer id is polite) and trickle ICE. The newcomer offers to everyone
 * already there; those answer. Each connection has exactly one audio and one video transceiver, so a camera
 * switch or a screen share is a `replaceTrack`, never a renegotiation. A connection that drops gets an ICE
 * restart first; if it is not back within ICE_RESTART_GRACE_MS, the call joins again from scratch.
 */
export class MeshCall implements MediaPath {
  private readonly peers = new Map<string, Peer>();
  private tracks: MeshOptions['tracks'];
  private closed = false;

  constructor(private readonly o: MeshOptions) {
    this.tracks = { ...o.tracks };
    o.socket.on('video:signal', this.onSignal);
  }

  /** The newcomer's side: offer to everyone who was in the call when we joined. */
  connectTo(peerIds: readonly string[]): void {
    for (const id of peerIds) if (id !== this.o.myPeerId) this.ensurePeer(id, true);
  }

  /** Someone left (or rejoined under a new id): their connection goes. */
  removePeer(peerId: string): void {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    clearTimeout(peer.restartTimer);
    clearTimeout(peer.rejoinTimer);
    peer.pc.close();
    this.peers.delete(peerId);
    this.o.events.onRemoteGone(peerId);
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    this.tracks[kind] = track;
    await Promise.all(
      [...this.peers.values()].map(async (p) => {
        const t = p.pc.getTransceivers().find((x) => x.receiver.track.kind === kind);
        if (t) await t.sender.replaceTrack(track).catch(() => undefined);
      }),
    );
  }

  async stats(): Promise<Map<string, StatEntry[]>> {
    const out = new Map<string, StatEntry[]>();
    await Promise.all(
      [...this.peers].map(async ([id, p]) => {
        out.set(id, await readStats(p.pc).catch(() => []));
      }),
    );
    return out;
  }

  close(): void {
    this.closed = true;
    this.o.socket.off('video:signal', this.onSignal);
    for (const id of [...this.peers.keys()]) this.removePeer(id);
  }

  private send(to: string, body: Pick<VideoSignal, 'description' | 'candidate'>): void {
    if (this.o.socket.connected) this.o.socket.emit('video:signal', { channelId: this.o.channelId, to, ...body });
  }

  private ensurePeer(peerId: string, initiator: boolean): Peer {
    const existing = this.peers.get(peerId);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers, iceTransportPolicy: this.o.iceTransportPolicy });
    const peer: Peer = { pc, polite: isPolite(this.o.myPeerId, peerId), makingOffer: false, ignoreOffer: false, stream: new MediaStream() };
    this.peers.set(peerId, peer);

    pc.ontrack = ({ track }) => {
      for (const old of peer.stream.getTracks()) if (old.kind === track.kind && old !== track) peer.stream.removeTrack(old);
      if (!peer.stream.getTracks().includes(track)) peer.stream.addTrack(track);
      this.o.events.onRemoteStream(peerId, peer.stream);
    };
    pc.onicecandidate = ({ candidate }) => {
      // The end-of-candidates marker (an empty candidate) is not sent: trickle works without it.
      if (!candidate?.candidate) return;
      this.send(peerId, {
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex },
      });
    };
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        const d = pc.localDescription;
        if (d && (d.type === 'offer' || d.type === 'answer')) this.send(peerId, { description: { type: d.type, sdp: d.sdp } });
      } catch {
        // A collision the other side resolves, or a closed connection.
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.oniceconnectionstatechange = () => this.watchConnection(peerId, peer);

    if (initiator) {
      // One audio and one video transceiver, even without a camera: a screen share later fills the video one.
      for (const kind of ['audio', 'video'] as const) pc.addTransceiver(this.tracks[kind] ?? kind, { direction: 'sendrecv' });
    }
    return peer;
  }

  /** The answering side fills the transceivers the offer made with our own tracks. */
  private attachTracks(peer: Peer): void {
    for (const t of peer.pc.getTransceivers()) {
      const kind = t.receiver.track.kind as 'audio' | 'video';
      if (t.direction === 'recvonly' || t.direction === 'inactive') t.direction = 'sendrecv';
      if (t.sender.track !== this.tracks[kind]) void t.sender.replaceTrack(this.tracks[kind]).catch(() => undefined);
    }
  }

  private readonly onSignal = async (s: VideoSignal) => {
    if (this.closed || s.channelId !== this.o.channelId || s.from === this.o.myPeerId) return;
    const peer = this.ensurePeer(s.from, false);
    const pc = peer.pc;
    try {
      if (s.description) {
        const collision = s.description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
        peer.ignoreOffer = !peer.polite && collision;
        if (peer.ignoreOffer) return;
        // An answer that comes when none is awaited (a repeat) is dropped rather than breaking the connection.
        if (s.description.type === 'answer' && pc.signalingState !== 'have-local-offer') return;
        await pc.setRemoteDescription(s.description);
        if (s.description.type === 'offer') {
          this.attachTracks(peer);
          await pc.setLocalDescription();
          const d = pc.localDescription;
          if (d) this.send(s.from, { description: { type: 'answer', sdp: d.sdp } });
        }
      } else if (s.candidate) {
        try {
          await pc.addIceCandidate(s.candidate);
        } catch (err) {
          if (!peer.ignoreOffer && pc.remoteDescription) throw err;
        }
      }
    } catch {
      // A signal for a connection that has moved on: the next negotiation or restart brings it in line.
    }
  };

  /**
   * Reconnection, step one: a connection that fails (or stays 'disconnected') restarts ICE, which finds a new
   * path after a network change (Wi-Fi to mobile). Step two: if it is not connected again in time, rejoin.
   */
  private watchConnection(peerId: string, peer: Peer): void {
    const state = peer.pc.iceConnectionState;
    clearTimeout(peer.restartTimer);
    if (state === 'connected' || state === 'completed') {
      clearTimeout(peer.rejoinTimer);
      peer.rejoinTimer = undefined;
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') return;
    const restart = () => {
      if (this.closed || this.peers.get(peerId) !== peer) return;
      peer.pc.restartIce();
      peer.rejoinTimer ??= setTimeout(() => {
        if (!this.closed && this.peers.get(peerId) === peer) this.o.events.onNeedRejoin();
      }, ICE_RESTART_GRACE_MS);
    };
    if (state === 'failed') restart();
    else peer.restartTimer = setTimeout(restart, DISCONNECTED_WAIT_MS);
  }
}
