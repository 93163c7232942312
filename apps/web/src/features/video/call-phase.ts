/**
 * The call's states: idle (not started) → joining → in-call; a lost connection → reconnecting → in-call again;
 * leaving → left (and a new join from there). A join that fails goes back to idle with the reason shown.
 */
export type CallPhase = 'idle' | 'joining' | 'in-call' | 'reconnecting' | 'left';
export type CallEvent = 'join' | 'joined' | 'failed' | 'lost' | 'leave';

export function nextPhase(phase: CallPhase, event: CallEvent): CallPhase {
  switch (event) {
    case 'join':
      return phase === 'idle' || phase === 'left' ? 'joining' : phase;
    case 'joined':
      return phase === 'joining' || phase === 'reconnecting' ? 'in-call' : phase;
    case 'failed':
      // A first join that fails lets the user try again; a rejoin that fails keeps trying.
      return phase === 'joining' ? 'idle' : phase;
    case 'lost':
      return phase === 'in-call' || phase === 'joining' ? 'reconnecting' : phase;
    case 'leave':
      return 'left';
  }
}
