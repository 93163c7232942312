import { describe, expect, it } from 'vitest';
import {
  candidateType,
  classifyQuality,
  connectivityVerdict,
  isPolite,
  shouldFallBackToAudio,
  summariseStats,
  worstQuality,
  type QualitySample,
} from './video-rules';

const sample = (s: Partial<QualitySample>): QualitySample => ({ rttMs: 50, loss: 0, outgoingKbps: 1500, ...s });

describe('isPolite', () => {
  it('makes exactly one of two peers polite: the one with the lower id', () => {
    expect(isPolite('a1', 'b2')).toBe(true);
    expect(isPolite('b2', 'a1')).toBe(false);
  });
});

describe('classifyQuality', () => {
  it('is good with a short round trip, no loss and plenty of bandwidth', () => {
    expect(classifyQuality(sample({}))).toBe('good');
  });
  it('is fair with a slower round trip, some loss or modest bandwidth', () => {
    expect(classifyQuality(sample({ rttMs: 300 }))).toBe('fair');
    expect(classifyQuality(sample({ loss: 0.03 }))).toBe('fair');
    expect(classifyQuality(sample({ outgoingKbps: 300 }))).toBe('fair');
  });
  it('is poor when any measure is bad', () => {
    expect(classifyQuality(sample({ rttMs: 800 }))).toBe('poor');
    expect(classifyQuality(sample({ loss: 0.1 }))).toBe('poor');
    expect(classifyQuality(sample({ outgoingKbps: 100 }))).toBe('poor');
  });
  it('is unknown before anything is measured, and judges on what is known', () => {
    expect(classifyQuality({ rttMs: null, loss: null, outgoingKbps: null })).toBe('unknown');
    expect(classifyQuality({ rttMs: 40, loss: null, outgoingKbps: null })).toBe('good');
  });
  it('takes the worst of several connections', () => {
    expect(worstQuality(['good', 'poor', 'fair'])).toBe('poor');
    expect(worstQuality(['good', 'unknown'])).toBe('good');
    expect(worstQuality([])).toBe('unknown');
  });
});

describe('shouldFallBackToAudio', () => {
  it('falls back after three starved samples in a row, not after a short dip', () => {
    const low = sample({ outgoingKbps: 120 });
    const fine = sample({});
    expect(shouldFallBackToAudio([low, low])).toBe(false);
    expect(shouldFallBackToAudio([low, fine, low])).toBe(false);
    expect(shouldFallBackToAudio([fine, low, low, low])).toBe(true);
    expect(shouldFallBackToAudio([sample({ loss: 0.2 }), sample({ loss: 0.3 }), sample({ loss: 0.16 })])).toBe(true);
  });
  it('does not fall back when the bandwidth is unknown and nothing is lost', () => {
    const unknown = sample({ outgoingKbps: null });
    expect(shouldFallBackToAudio([unknown, unknown, unknown])).toBe(false);
  });
});

describe('summariseStats', () => {
  const entries = [
    { type: 'transport', id: 'T', selectedCandidatePairId: 'CP1' },
    { type: 'candidate-pair', id: 'CP0', currentRoundTripTime: 2, availableOutgoingBitrate: 1 },
    { type: 'candidate-pair', id: 'CP1', currentRoundTripTime: 0.12, availableOutgoingBitrate: 800_000 },
    { type: 'inbound-rtp', kind: 'audio', packetsLost: 1, packetsReceived: 99, bytesReceived: 1000 },
    { type: 'inbound-rtp', kind: 'video', packetsLost: 9, packetsReceived: 191, bytesReceived: 50_000 },
  ];
  it('reads the selected pair, the bytes received and the loss since the last look', () => {
    const first = summariseStats(entries, null);
    expect(first.sample).toEqual({ rttMs: 120, loss: null, outgoingKbps: 800 });
    expect(first.bytesReceived).toBe(51_000);
    expect(first.videoBytesReceived).toBe(50_000);
    const second = summariseStats(entries, { packetsLost: 0, packetsReceived: 200 });
    expect(second.sample.loss).toBeCloseTo(10 / 100);
  });
  it('counts what the far end says it lost', () => {
    const r = summariseStats([{ type: 'remote-inbound-rtp', fractionLost: 0.2 }], null);
    expect(r.sample.loss).toBe(0.2);
    expect(r.sample.rttMs).toBeNull();
  });
});

describe('connectivity', () => {
  it('reads the candidate type of a candidate line', () => {
    expect(candidateType('candidate:1 1 udp 2122260223 192.168.1.2 51234 typ host generation 0')).toBe('host');
    expect(candidateType('candidate:2 1 udp 1686052607 1.2.3.4 51234 typ srflx raddr 0.0.0.0 rport 0')).toBe('srflx');
    expect(candidateType('candidate:3 1 udp 41885439 5.6.7.8 3478 typ relay raddr 1.2.3.4 rport 1')).toBe('relay');
    expect(candidateType('')).toBeNull();
  });
  it('says video works with a relay or a public address, and warns with local addresses only', () => {
    const both = { stun: true, turn: true };
    expect(connectivityVerdict({ host: true, srflx: true, relay: true }, both)).toBe('works');
    expect(connectivityVerdict({ host: false, srflx: false, relay: true }, both)).toBe('relayOnly');
    expect(connectivityVerdict({ host: true, srflx: true, relay: false }, { stun: true, turn: false })).toBe('works');
    expect(connectivityVerdict({ host: true, srflx: true, relay: false }, both)).toBe('limited');
    expect(connectivityVerdict({ host: true, srflx: false, relay: false }, both)).toBe('localOnly');
    expect(connectivityVerdict({ host: true, srflx: false, relay: false }, { stun: true, turn: false })).toBe('localOnly');
    expect(connectivityVerdict({ host: false, srflx: false, relay: false }, both)).toBe('blocked');
  });
  it('never says video works with local addresses only, even where no STUN or TURN server is configured', () => {
    expect(connectivityVerdict({ host: true, srflx: false, relay: false }, { stun: false, turn: false })).toBe('localOnly');
    expect(connectivityVerdict({ host: false, srflx: false, relay: false }, { stun: false, turn: false })).toBe('blocked');
  });
});
