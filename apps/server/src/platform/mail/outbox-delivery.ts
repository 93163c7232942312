import type { Db } from '../../db/client';
import { claimDueEmails, markEmailFailed, markEmailSent, scheduleEmailRetry, type OutboxRow } from './outbox-queries';
import type { MailTransport } from './smtp-transport';

type LogFn = (obj: Record<string, unknown>, msg: string) => void;
export type WorkerLog = { info: LogFn; warn: LogFn; error: LogFn };

export type OutboxWorkerOptions = {
  db: Db;
  /** Null when no SMTP server is configured and the catcher is off: mail then waits in the outbox. */
  transport: MailTransport | null;
  log: WorkerLog;
  pollIntervalMs?: number;
  batchSize?: number;
  /** The first retry waits this long; each further one twice as long. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed e-mail is kept from other workers while this one sends it. */
  leaseMs?: number;
  now?: () => Date;
};

export const OUTBOX_DEFAULTS = { pollIntervalMs: 1000, batchSize: 10, retryBaseMs: 30_000, maxAttempts: 8, leaseMs: 5 * 60_000 };

export type RunResult = { claimed: number; sent: number; retried: number; failed: number };

export type OutboxWorker = {
  /** One poll: claims due e-mails and tries each once. */
  runOnce(): Promise<RunResult>;
  /** Polls until stopped. */
  start(): void;
  /** Stops polling and waits for the e-mails in hand; call before closing the database. */
  stop(): Promise<void>;
};

/** The wait after the `attempt`-th failed attempt (1-based): 30 s, 1 min, 2 min, … by default. */
export function retryDelayMs(attempt: number, baseMs = OUTBOX_DEFAULTS.retryBaseMs): number {
  return baseMs * 2 ** (attempt - 1);
}

/** An SMTP failure as it may be stored: code and message, with any e-mail address taken out. */
export function describeSmtpError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : 'ERROR';
  const response = typeof e?.responseCode === 'number' ? ` ${e.responseCode}` : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return `${code}${response}: ${message}`.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>').slice(0, 500);
}

/**
 * Delivers the outbox: claims due e-mails (several instances may run one each), sends them over SMTP,
 * and marks them sent, or retries with exponential backoff until `maxAttempts`, then marks them failed
 * with the last error. Logs carry outbox ids only, never addresses or content.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  const now = options.now ?? (() => new Date());
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function deliver(transport: MailTransport, row: OutboxRow): Promise<'sent' | 'retried' | 'failed'> {
    let failure: unknown;
    try {
      await transport.sendMail({
        from: { name: row.fromName, address: row.fromAddress },
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: { 'X-PRSP-Outbox-Id': row.id },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (err) {
      failure = err ?? new Error('send failed');
    }
    // Marking happens outside the try: a database error after a successful send must not count as a send failure.
    if (failure === undefined) {
      await markEmailSent(o.db, row.id, now());
      o.log.info({ outboxId: row.id, attempts: row.attempts }, 'e-mail sent');
      return 'sent';
    }
    const error = describeSmtpError(failure);
    const code = (failure as { code?: unknown }).code;
    if (row.attempts >= o.maxAttempts) {
      await markEmailFailed(o.db, row.id, error);
      o.log.error({ outboxId: row.id, attempts: row.attempts, code }, 'e-mail failed: giving up');
      return 'failed';
    }
    const next = new Date(now().getTime() + retryDelayMs(row.attempts, o.retryBaseMs));
    await scheduleEmailRetry(o.db, row.id, next, error);
    o.log.warn({ outboxId: row.id, attempts: row.attempts, code, nextAttemptAt: next.toISOString() }, 'e-mail not sent: will retry');
    return 'retried';
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    if (!o.transport) return result;
    const at = now();
    const rows = await claimDueEmails(o.db, { now: at, leaseUntil: new Date(at.getTime() + o.leaseMs), limit: o.batchSize });
    result.claimed = rows.length;
    for (const row of rows) result[await deliver(o.transport, row)]++;
    return result;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = tick();
    }, delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    let full = false;
    try {
      full = (await runOnce()).claimed >= o.batchSize;
    } catch (err) {
      o.log.error({ err }, 'outbox poll failed');
    }
    if (!stopped) schedule(full ? 0 : o.pollIntervalMs);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      if (!o.transport) {
        o.log.warn({}, 'no SMTP server configured and the mail catcher is off: e-mails wait in the outbox');
        return;
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

/** Creates and starts the worker: what `main.ts` runs beside the HTTP server. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const worker = createOutboxWorker(options);
  worker.start();
  return worker;
}
