import type { ExpertQueue, Urgency } from '@prsp/contracts';
import { alertSettings, type AlertSettings } from '../alert-settings';

export type Arrival = { channelId: string; name: string; queueName: string; urgency: Urgency | null };

/**
 * Patients in the queues now who were not there at the last look (`seen`, the channel ids then). The first
 * look (seen null) only learns who waits: an expert opening the desk is not greeted by a chorus of arrivals.
 */
export function newArrivals(seen: ReadonlySet<string> | null, queues: readonly ExpertQueue[]): Arrival[] {
  if (seen === null) return [];
  return queues.flatMap((q) =>
    q.waiting
      .filter((w) => !seen.has(w.channelId))
      .map((w) => ({ channelId: w.channelId, name: w.name, queueName: q.name, urgency: w.urgency })),
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

/** Which sound an arrival makes: an emergency's is its own, more insistent one. */
export type ChimeKind = 'arrival' | 'emergency';

/** The emergency sound when any of the arrivals is an emergency, else the ordinary chime. */
export function chimeFor(arrivals: readonly Pick<Arrival, 'urgency'>[]): ChimeKind {
  return arrivals.some((a) => a.urgency === 'emergency') ? 'emergency' : 'arrival';
}

/**
 * The notes of each sound (hertz, seconds from the start, length): the arrival's soft rising pair; an emergency's
 * high-low alarm played three times over, louder and in a harder tone, so it is heard as something else.
 */
export const CHIMES: Record<ChimeKind, { wave: OscillatorType; volume: number; notes: { hz: number; at: number; length: number }[] }> = {
  arrival: {
    wave: 'sine',
    volume: 0.2,
    notes: [
      { hz: 660, at: 0, length: 0.15 },
      { hz: 880, at: 0.16, length: 0.15 },
    ],
  },
  emergency: {
    wave: 'square',
    volume: 0.25,
    notes: [0, 1, 2].flatMap((round) => [
      { hz: 988, at: round * 0.5, length: 0.2 },
      { hz: 740, at: round * 0.5 + 0.22, length: 0.2 },
    ]),
  },
};

/** An emergency's alarm never plays quieter than this share of its level: a patient in danger is not missed. */
export const EMERGENCY_MIN_VOLUME = 0.5;

/**
 * How loud a chime plays under the expert's settings (issue 32): the arrival's, nothing when muted, else its level
 * times the volume; an emergency's alarm is not muted and plays at least at EMERGENCY_MIN_VOLUME.
 */
export function chimeLevel(kind: ChimeKind, settings: Pick<AlertSettings, 'muted' | 'volume'>): number {
  const base = CHIMES[kind].volume;
  if (kind === 'emergency') return base * Math.max(EMERGENCY_MIN_VOLUME, settings.volume);
  return settings.muted ? 0 : base * settings.volume;
}

let audio: AudioContext | undefined;

/**
 * A chime made with Web Audio (no sound file to load): the arrival's, or an emergency's (`CHIMES`). Browsers may
 * keep audio muted until the user has interacted with the page; then the chime is silent and the live-region
 * announcement still tells. Muted, or at volume 0, in the expert's settings (alert-settings.ts): no arrival chime.
 */
export function playArrivalChime(kind: ChimeKind = 'arrival'): void {
  const level = chimeLevel(kind, alertSettings());
  if (level <= 0) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    const { wave, notes } = CHIMES[kind];
    for (const note of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.value = note.hz;
      const t = start + note.at;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(Math.max(level, 0.0002), t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + note.length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + note.length + 0.01);
    }
  } catch {
    // No audio in this browser: the announcement is enough.
  }
}
