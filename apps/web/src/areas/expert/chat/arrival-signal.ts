import type { ExpertQueue } from '@prsp/contracts';

export type Arrival = { channelId: string; name: string; queueName: string };

/**
 * Patients in the queues now who were not there at the last look (`seen`, the channel ids then). The first
 * look (seen null) only learns who waits: an expert opening the desk is not greeted by a chorus of arrivals.
 */
export function newArrivals(seen: ReadonlySet<string> | null, queues: readonly ExpertQueue[]): Arrival[] {
  if (seen === null) return [];
  return queues.flatMap((q) =>
    q.waiting.filter((w) => !seen.has(w.channelId)).map((w) => ({ channelId: w.channelId, name: w.name, queueName: q.name })),
  );
}

/** The channel ids waiting now: the next look's `seen`. */
export function waitingIds(queues: readonly ExpertQueue[]): Set<string> {
  return new Set(queues.flatMap((q) => q.waiting.map((w) => w.channelId)));
}

/** One arrival told twice (the queue's change and a video appointment's knock) chimes once within this time. */
export const CHIME_REPEAT_MS = 10_000;

/**
 * Whether an arrival should chime now: not when the same channel chimed a moment ago (a patient of a video
 * appointment arrives in the queue and knocks at once). `recent` holds when each channel last chimed.
 */
export function chimeDue(recent: Map<string, number>, channelId: string, now: number): boolean {
  for (const [id, at] of recent) if (now - at >= CHIME_REPEAT_MS) recent.delete(id);
  if (recent.has(channelId)) return false;
  recent.set(channelId, now);
  return true;
}

let audio: AudioContext | undefined;

/**
 * A short two-note chime made with Web Audio (no sound file to load). Browsers may keep audio muted until the
 * user has interacted with the page; then the chime is silent and the live-region announcement still tells.
 */
export function playArrivalChime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    for (const [i, frequency] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const t = start + i * 0.16;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.16);
    }
  } catch {
    // No audio in this browser: the announcement is enough.
  }
}
