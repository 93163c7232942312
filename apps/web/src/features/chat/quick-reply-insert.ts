/** Where a `/shortcut` being typed sits in the composer's text: the slash's index and what follows it so far. */
export type SlashQuery = { start: number; query: string };

const SLASH = /(?:^|\s)\/([a-z0-9-]*)$/;

/**
 * The `/shortcut` the expert is typing at the caret: a slash at the start of the text or after a space, followed
 * only by what a shortcut may hold. Null when the caret is anywhere else (a URL's slashes, a date, a word).
 */
export function slashQuery(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const match = SLASH.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/**
 * The text with a reply put in: in place of the `/shortcut` typed (from `from` to the caret), else at the caret,
 * replacing what was selected. Answers the new text and where the caret goes (after the reply).
 */
export function insertReply(text: string, reply: string, from: number, to: number): { text: string; caret: number } {
  const next = text.slice(0, from) + reply + text.slice(to);
  return { text: next, caret: from + reply.length };
}
