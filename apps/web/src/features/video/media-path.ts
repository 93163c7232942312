import type { StatEntry } from './video-rules';

/** What a media path (the mesh or Janus) tells the call about the others' media. */
export type MediaPathEvents = {
  /** A remote person's media arrived (or changed): `peerId` is ours (the socket's), whatever carries the media. */
  onRemoteStream: (peerId: string, stream: MediaStream) => void;
  onRemoteGone: (peerId: string) => void;
  /** The path could not recover by itself (an ICE restart did not help in time): the call joins again. */
  onNeedRejoin: () => void;
};

/**
 * How the call's media travels: a mesh of peer connections or the Janus videoroom. The call hands it the local
 * tracks; switching camera, sharing the screen or going audio-only replaces a track without renegotiation.
 */
export type MediaPath = {
  /** The outgoing track of a kind (null: send nothing of it, e.g. camera off or audio only). */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** The statistics of each connection, by our peer id (with Janus: the publisher's under '', subscribers by peer). */
  stats(): Promise<Map<string, StatEntry[]>>;
  close(): void;
};

/** An RTCStatsReport as plain entries. */
export async function readStats(pc: RTCPeerConnection, track?: MediaStreamTrack | null): Promise<StatEntry[]> {
  const report = await pc.getStats(track ?? null);
  const out: StatEntry[] = [];
  report.forEach((value: StatEntry) => out.push(value));
  return out;
}
