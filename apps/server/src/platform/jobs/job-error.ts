/**
 * A failure whose message is safe to keep: the job's `last_error` and the logs carry it as it is. Handlers throw it
 * with a reason an operator can act on, written without personal data (no names, addresses, codes or content).
 */
export class JobError extends Error {
  override name = 'JobError';
}

/**
 * What is kept of a failure. A JobError keeps its message; any other error only its class and code (a database
 * error's message names the query's parameters, a library's may name an address), so nothing personal is stored.
 */
export function describeJobError(err: unknown): string {
  if (err instanceof JobError) return err.message.slice(0, 500);
  const e = err as { name?: unknown; code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const name = typeof e?.name === 'string' ? e.name : typeof err;
  const rawCode = e?.code ?? e?.cause?.code;
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? ` ${rawCode}` : '';
  return `${name}${code} (details withheld: throw a JobError to say more)`.slice(0, 500);
}

/** Where a failure happened: the stack's frames without its first line (which carries the message). */
export function stackFrames(err: unknown, max = 6): string[] | undefined {
  const stack = (err as { stack?: unknown } | null | undefined)?.stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, max)
    .map((line) => line.trim());
}
