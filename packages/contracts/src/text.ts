import { z } from 'zod/mini';

/**
 * Text a person types may not hold control characters: a NUL (U+0000) cannot be stored in PostgreSQL at all,
 * and the others (C0, DEL, C1) have no place in a name, an address or a page text. Multi-line texts
 * (page contents, e-mail bodies, descriptions) keep tab, line feed and carriage return.
 * Nor invisible format characters (Unicode Cf): a byte order mark (U+FEFF), zero-width spaces and joiners of words,
 * soft hyphens, and the bidirectional overrides that make a text read otherwise than it is stored. The zero-width
 * joiner and non-joiner (U+200D, U+200C) stay: emoji sequences and some scripts need them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]|(?![\u200C\u200D])\p{Cf}/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|(?![\u200C\u200D])\p{Cf}/u;

export function hasControlCharacters(value: string, opts: { multiLine?: boolean } = {}): boolean {
  return (opts.multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
}

// One instance each, so a test can tell that a schema carries the rule. `abort`: no further checks run, so
// the field gets this one message instead of a second one about the same value.
const SINGLE_LINE_CHECK = z.refine<string>((v: string) => !SINGLE_LINE_CONTROL.test(v), { message: 'controlCharacters', abort: true });
const MULTI_LINE_CHECK = z.refine<string>((v: string) => !MULTI_LINE_CONTROL.test(v), { message: 'controlCharacters', abort: true });

/** A single-line text input: no control characters at all (field message `controlCharacters`). Add checks with `.check()`. */
export function zText() {
  return z.string().check(SINGLE_LINE_CHECK);
}

/** A multi-line text input: tab, line feed and carriage return allowed, other control characters refused. */
export function zMultilineText() {
  return z.string().check(MULTI_LINE_CHECK);
}

/** Whether a string schema refuses control characters (for the test that every request schema does). */
export function refusesControlCharacters(schema: z.ZodMiniString): boolean {
  const checks = schema._zod.def.checks ?? [];
  return checks.includes(SINGLE_LINE_CHECK) || checks.includes(MULTI_LINE_CHECK);
}

/** Ids of rows (channels, services, appointments, experts) are UUIDs: anything else names nothing and is refused at the edge. */
export const zUuid = () => z.uuid('invalid');
