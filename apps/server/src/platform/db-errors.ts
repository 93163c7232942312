/** The SQLSTATE of a database error, whichever driver raised it (drizzle wraps it in `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** An exclusion constraint refused the row: here, two live appointments (or breaks) of one expert overlapping. */
export const EXCLUSION_VIOLATION = '23P01';
