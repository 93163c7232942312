import { CHAT_LIMITS } from '@prsp/contracts';

/** Spec §2 and §9: a history entry's file names joined by commas, cut at 45 characters with ' ...' after. */
export function historyFilesText(files: readonly string[]): string {
  const joined = files.join(', ');
  return joined.length > CHAT_LIMITS.historyFilesChars ? `${joined.slice(0, CHAT_LIMITS.historyFilesChars)} ...` : joined;
}

/** The history list newest first (spec §2), whatever order it came in. */
export function newestFirst<T extends { created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
