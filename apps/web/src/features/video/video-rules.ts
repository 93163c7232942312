/**
 * The video call's pure rules: who is polite in a negotiation, how good the connection is, when to fall back to
 * audio only. Kept apart from the WebRTC plumbing so they can be tested without a browser.
 */

/**
 * Perfect negotiation: of two peers, the one with the lower peer id is polite (it rolls back its own offer when
 * offers collide); the other is impolite (it ignores the colliding offer). Both sides agree without talking.
 */
export function isPolite(myPeerId: string, otherPeerId: string): boolean {
  return myPeerId < otherPeerId;
}

export type Quality = 'good' | 'fair' | 'poor' | 'unknown';

/** One look at a connection's statistics (every few seconds). */
export type QualitySample = {
  /** Round-trip time of the selected candidate pair, in milliseconds. */
  rttMs: number | null;
  /** Share of packets lost since the last sample (0 to 1). */
  loss: number | null;
  /** The sender's estimate of the outgoing bandwidth, in kilobits per second. */
  outgoingKbps: number | null;
};

export const QUALITY_LIMITS = {
  goodRttMs: 250,
  poorRttMs: 600,
  goodLoss: 0.02,
  poorLoss: 0.08,
  goodKbps: 500,
  /** Below this, video is not worth sending (the audio-only fallback). */
  fallbackKbps: 150,
  fallbackLoss: 0.15,
  /** The fallback needs this many bad samples in a row (at 2 s apart: 6 s), so a short dip does not stop video. */
  fallbackSamples: 3,
} as const;

/** Good, fair or poor from round-trip time, loss and outgoing bandwidth (whichever is worst decides). */
export function classifyQuality(s: QualitySample): Quality {
  if (s.rttMs === null && s.loss === null && s.outgoingKbps === null) return 'unknown';
  const L = QUALITY_LIMITS;
  if ((s.rttMs ?? 0) >= L.poorRttMs || (s.loss ?? 0) >= L.poorLoss || (s.outgoingKbps !== null && s.outgoingKbps < L.fallbackKbps)) {
    return 'poor';
  }
  if ((s.rttMs ?? 0) >= L.goodRttMs || (s.loss ?? 0) >= L.goodLoss || (s.outgoingKbps !== null && s.outgoingKbps < L.goodKbps)) {
    return 'fair';
  }
  return 'good';
}

/** The worst of several connections' qualities (a mesh has one per peer); unknown when none is known. */
export function worstQuality(qualities: readonly Quality[]): Quality {
  for (const q of ['poor', 'fair', 'good'] as const) if (qualities.includes(q)) return q;
  return 'unknown';
}

/** A sample that says video should stop: too little bandwidth, or too much loss. */
export function isStarved(s: QualitySample): boolean {
  return (s.outgoingKbps !== null && s.outgoingKbps < QUALITY_LIMITS.fallbackKbps) || (s.loss ?? 0) >= QUALITY_LIMITS.fallbackLoss;
}

/**
 * The audio-only fallback: true when the last `fallbackSamples` samples were all starved. The caller keeps the
 * recent samples; after the user asks for video again it starts a fresh history.
 */
export function shouldFallBackToAudio(recent: readonly QualitySample[]): boolean {
  const n = QUALITY_LIMITS.fallbackSamples;
  if (recent.length < n) return false;
  return recent.slice(-n).every(isStarved);
}

/** The fields of RTCStats entries that the summary reads (the browser's objects have many more). */
export type StatEntry = {
  type: string;
  id?: string;
  kind?: string;
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  currentRoundTripTime?: number;
  availableOutgoingBitrate?: number;
  packetsLost?: number;
  packetsReceived?: number;
  bytesReceived?: number;
  selectedCandidatePairId?: string;
  fractionLost?: number;
};

/** Cumulative counters of the last look, to turn totals into 'since then'. */
export type StatCounters = { packetsLost: number; packetsReceived: number };

/**
 * Reads one RTCPeerConnection's statistics: the selected candidate pair's round trip and outgoing bandwidth,
 * the loss of incoming media since `prev`, and the incoming bytes (what tests read to know media flows).
 */
export function summariseStats(
  entries: readonly StatEntry[],
  prev: StatCounters | null,
): { sample: QualitySample; counters: StatCounters; bytesReceived: number; videoBytesReceived: number } {
  const transport = entries.find((e) => e.type === 'transport' && e.selectedCandidatePairId);
  const pair =
    (transport && entries.find((e) => e.type === 'candidate-pair' && e.id === transport.selectedCandidatePairId)) ??
    entries.find((e) => e.type === 'candidate-pair' && (e.selected || (e.nominated && e.state === 'succeeded')));
  let packetsLost = 0;
  let packetsReceived = 0;
  let bytesReceived = 0;
  let videoBytesReceived = 0;
  for (const e of entries) {
    if (e.type !== 'inbound-rtp') continue;
    packetsLost += Math.max(0, e.packetsLost ?? 0);
    packetsReceived += e.packetsReceived ?? 0;
    bytesReceived += e.bytesReceived ?? 0;
    if (e.kind === 'video') videoBytesReceived += e.bytesReceived ?? 0;
  }
  let loss: number | null = null;
  if (prev) {
    const lost = packetsLost - prev.packetsLost;
    const got = packetsReceived - prev.packetsReceived;
    if (lost + got > 0) loss = Math.max(0, lost) / (Math.max(0, lost) + Math.max(0, got));
  }
  // The far end's report of what it lost of ours counts too (the worse of both directions).
  for (const e of entries) {
    if (e.type === 'remote-inbound-rtp' && typeof e.fractionLost === 'number') loss = Math.max(loss ?? 0, e.fractionLost);
  }
  return {
    sample: {
      rttMs: typeof pair?.currentRoundTripTime === 'number' ? Math.round(pair.currentRoundTripTime * 1000) : null,
      loss,
      outgoingKbps: typeof pair?.availableOutgoingBitrate === 'number' ? Math.round(pair.availableOutgoingBitrate / 1000) : null,
    },
    counters: { packetsLost, packetsReceived },
    bytesReceived,
    videoBytesReceived,
  };
}

/** The connectivity test's finding: which kinds of ICE candidates the browser could gather. */
export type CandidateKinds = { host: boolean; srflx: boolean; relay: boolean };

export type ConnectivityVerdict = 'works' | 'relayOnly' | 'limited' | 'localOnly' | 'blocked';

/**
 * The plain verdict of the network test. A TURN relay (or a public address through STUN) means a call can get
 * out of this network. Only local addresses means it likely cannot reach anyone outside this network (a firewall or
 * VPN in the way, or no STUN or TURN server set up), which is a warning, never 'works'; nothing at all, blocked.
 * `configured`: which kinds of server the operator set up (a missing relay counts only where one is configured).
 */
export function connectivityVerdict(
  found: CandidateKinds,
  configured: { stun: boolean; turn: boolean } = { stun: true, turn: true },
): ConnectivityVerdict {
  if (found.relay) return found.srflx ? 'works' : 'relayOnly';
  if (found.srflx) return configured.turn ? 'limited' : 'works';
  return found.host ? 'localOnly' : 'blocked';
}

/** The candidate type of an ICE candidate line ('candidate:… typ relay …'), or null. */
export function candidateType(candidate: string): keyof CandidateKinds | null {
  const m = / typ (host|srflx|prflx|relay)/.exec(candidate);
  if (!m) return null;
  return m[1] === 'prflx' ? 'srflx' : (m[1] as keyof CandidateKinds);
}
