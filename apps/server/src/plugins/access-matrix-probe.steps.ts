import { AppError } from '../platform/app-error';

/** What the access guard decided for one request or socket event, for whom: let through, or refused with a catalogue code. */
export type GuardOutcome = { who: string | null } & ({ passed: true } | { passed: false; code: number });

/**
 * The access matrix's window on the guard: `observed` wraps `loadAccess` (the one rule behind every route's and socket
 * event's declaration, see the matrix test's `vi.mock`) and writes each outcome to `guardLog`, with whom it was for
 * (the session's id, else the bearer token). The matrix reads there whether the guard let a caller through instead of
 * guessing it from the answer, where a 403 or 404 may as well come from the service's own object check. The matrix
 * empties the log before each wave of calls, in which every caller has one call in flight and a `who` of its own.
 */
export const guardLog: GuardOutcome[] = [];

/** Who a guard call was for: the session's id, else the bearer token (`loadAccess(db, session, access, { bearer })`). */
function whoOf(args: unknown[]): string | null {
  return (args[1] as { id?: string } | null)?.id ?? (args[3] as { bearer?: string | null } | undefined)?.bearer ?? null;
}

export function observed<A extends unknown[], R>(load: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    const who = whoOf(args);
    try {
      const result = await load(...args);
      guardLog.push({ who, passed: true });
      return result;
    } catch (err) {
      guardLog.push({ who, passed: false, code: err instanceof AppError ? Number(err.code) : 500 });
      throw err;
    }
  };
}
