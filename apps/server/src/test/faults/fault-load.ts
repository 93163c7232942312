import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { appointmentParticipants, appointments, chatMessages } from '../../db/schema';
import type { Db } from '../../db/client';
import type { ChatSocket } from '../../modules/chat/chat.steps';
import type { TestBrowser } from '../http-client';

/**
 * The load the fault tests put on the product while a fault happens: patients booking times over HTTP and a patient
 * chatting over the socket, each as the web client does (a failed request is tried again after a short pause; a chat
 * message is resent under its own id until acknowledged). What counts is what the product confirmed: every booking
 * answered 200 and every message acknowledged must be in the database afterwards.
 */

/** A pause after a failure, as a client's retry does: keeps a down service from being hammered by a hot loop. */
export const RETRY_PAUSE_MS = 100;

/**
 * What the apps under a fault test's load run with: a patient sending as fast as acknowledgements come is a load
 * generator, not a person, so the per-user socket event limits (plugins/socket-limits.ts) are off.
 */
export const LOAD_TEST = { REALTIME_EVENT_LIMITS: 'false' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one side of the load saw: confirmations with their time, and failures (errors, refusals, timeouts). */
export type Tally = { ok: { id: string; at: number }[]; failed: number; errors: Map<string, number> };

const newTally = (): Tally => ({ ok: [], failed: 0, errors: new Map() });
function noteError(tally: Tally, what: string) {
  tally.failed++;
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}

/** The pre-questionnaire answers the demo organisation asks for. */
const ANSWERS = {
  questionnaireAnswers: [
    { id: 'reason', question: 'client copy', answer: 'Vikatesti' },
    { id: 'other', question: 'client copy', answer: '' },
  ],
};

export type Load = {
  bookings: Tally;
  messages: Tally;
  /** Ends the loops after the operations in hand; resolves when they have ended. */
  stop(): Promise<void>;
};

export type LoadOptions = {
  /** One patient per slot: patient i books slot i (a patient holds one slot at a time). */
  patients: TestBrowser[];
  slots: string[];
  bookingWorkers: number;
  /** The chatting patient's socket now (it may change when the client reconnects elsewhere) and its channel. */
  chat?: { socket(): ChatSocket | null; channelId: string };
  /** How long a chat message waits for its acknowledgement before it counts as failed and is resent. */
  ackTimeoutMs?: number;
};

async function post(browser: TestBrowser, path: string, body?: unknown): Promise<{ status: number; error?: string }> {
  try {
    const res = await browser.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { status: 0, error: cause ?? (err as Error).name };
  }
}

/** Starts the loops; they run until `stop` (bookings also end when every slot has been taken). */
export function startLoad(opts: LoadOptions): Load {
  const bookings = newTally();
  const messages = newTally();
  let stopped = false;
  let next = 0;

  async function bookingWorker() {
    while (!stopped && next < opts.slots.length) {
      const i = next++;
      const browser = opts.patients[i]!;
      const slot = opts.slots[i]!;
      // Lock, then book; a failed step is tried again, as the patient would press the button again.
      for (let attempt = 0; !stopped && attempt < 100; attempt++) {
        const locked = await post(browser, `/api/services/lock/${slot}`);
        if (locked.status !== 200) {
          noteError(bookings, `lock ${locked.error ?? locked.status}`);
          // 409: the booking went through on an earlier try whose answer was lost; the slot is the patient's.
          if (locked.status === 409) break;
          await pause(RETRY_PAUSE_MS);
          continue;
        }
        const booked = await post(browser, `/api/services/book/${slot}`, ANSWERS);
        if (booked.status === 200) {
          bookings.ok.push({ id: slot, at: performance.now() });
          break;
        }
        noteError(bookings, `book ${booked.error ?? booked.status}`);
        if (booked.status === 409) break;
        await pause(RETRY_PAUSE_MS);
      }
    }
  }

  async function chatWorker(chat: NonNullable<LoadOptions['chat']>) {
    const timeout = opts.ackTimeoutMs ?? 3000;
    for (let n = 1; !stopped; n++) {
      const id = randomUUID();
      // Resent under the same id until acknowledged: the server stores it once.
      while (!stopped) {
        const socket = chat.socket();
        if (!socket?.connected) {
          noteError(messages, 'not connected');
          await pause(RETRY_PAUSE_MS);
          continue;
        }
        try {
          const ack = await socket.timeout(timeout).emitWithAck('chat:send', { channelId: chat.channelId, id, text: `Viesti ${n}` });
          if (ack.ok) {
            messages.ok.push({ id, at: performance.now() });
            break;
          }
          noteError(messages, `refused ${ack.statusCode}`);
        } catch {
          noteError(messages, 'no acknowledgement');
        }
        await pause(RETRY_PAUSE_MS);
      }
    }
  }

  const loops = [...Array.from({ length: opts.bookingWorkers }, bookingWorker), ...(opts.chat ? [chatWorker(opts.chat)] : [])];
  return {
    bookings,
    messages,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Polls `condition` until it holds, at most `ms` (a wait on a condition, never a fixed sleep). */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await pause(20);
  }
}

/**
 * What of the confirmed work is missing from the database: bookings confirmed whose slot is not booked by a patient,
 * and acknowledged messages not stored. Both lists must be empty.
 */
export async function missingFromDatabase(db: Db, load: Load): Promise<{ bookings: string[]; messages: string[] }> {
  const bookingIds = load.bookings.ok.map((b) => b.id);
  const messageIds = load.messages.ok.map((m) => m.id);
  const booked = bookingIds.length
    ? await db
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
        .innerJoin(
          appointmentParticipants,
          and(eq(appointmentParticipants.appointmentId, appointments.id), eq(appointmentParticipants.role, 'patient')),
        )
        .where(inArray(appointments.id, bookingIds))
    : [];
  const bookedIds = new Set(booked.filter((r) => r.status === 'selfBooked').map((r) => r.id));
  const stored = messageIds.length
    ? new Set((await db.select({ id: chatMessages.id }).from(chatMessages).where(inArray(chatMessages.id, messageIds))).map((r) => r.id))
    : new Set<string>();
  return { bookings: bookingIds.filter((id) => !bookedIds.has(id)), messages: messageIds.filter((id) => !stored.has(id)) };
}

/** A tally's errors as one short line for the printed figures. */
export function describeErrors(tally: Tally): string {
  return [...tally.errors].map(([what, n]) => `${what} ×${n}`).join(', ') || 'none';
}
