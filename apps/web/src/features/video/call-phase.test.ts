import { describe, expect, it } from 'vitest';
import { nextPhase, type CallEvent, type CallPhase } from './call-phase';

const run = (events: CallEvent[], from: CallPhase = 'idle') => events.reduce(nextPhase, from);

describe('nextPhase', () => {
  it('goes idle → joining → in-call → left', () => {
    expect(run(['join'])).toBe('joining');
    expect(run(['join', 'joined'])).toBe('in-call');
    expect(run(['join', 'joined', 'leave'])).toBe('left');
  });
  it('reconnects after a lost connection and comes back into the call', () => {
    expect(run(['join', 'joined', 'lost'])).toBe('reconnecting');
    expect(run(['join', 'joined', 'lost', 'failed'])).toBe('reconnecting');
    expect(run(['join', 'joined', 'lost', 'joined'])).toBe('in-call');
  });
  it('returns to idle when the first join fails, and may join again after leaving', () => {
    expect(run(['join', 'failed'])).toBe('idle');
    expect(run(['join', 'joined', 'leave', 'join'])).toBe('joining');
  });
  it('ignores events that do not fit the state', () => {
    expect(run(['joined'])).toBe('idle');
    expect(run(['lost'])).toBe('idle');
    expect(run(['join', 'join'])).toBe('joining');
    expect(run(['leave', 'lost'])).toBe('left');
  });
});
