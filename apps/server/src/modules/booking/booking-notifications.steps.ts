/** A property of an iCalendar component: its parameters and its raw (still escaped) value. */
export type IcsProperty = { params: Record<string, string>; value: string };
export type IcsComponent = Record<string, IcsProperty[] | undefined>;

/**
 * A minimal RFC 5545 reader for tests: unfolds lines, then reads `NAME;PARAM=v;…:value` into the calendar's own
 * properties and one record per VEVENT. Enough to check what the invitation builder wrote.
 */
export function parseIcs(text: string): { calendar: IcsComponent; events: IcsComponent[] } {
  if (!text.startsWith('BEGIN:VCALENDAR\r\n')) throw new Error('not an iCalendar object');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const calendar: IcsComponent = {};
  const events: IcsComponent[] = [];
  const stack: IcsComponent[] = [];
  for (const line of lines) {
    const [, head, value] = /^([^:]*?(?:"[^"]*"[^:]*?)*):(.*)$/.exec(line) ?? [];
    if (head === undefined || value === undefined) throw new Error(`bad line ${line}`);
    const [name, ...rawParams] = head.split(';');
    if (name === 'BEGIN') {
      const c: IcsComponent = {};
      if (value === 'VEVENT') events.push(c);
      stack.push(value === 'VCALENDAR' ? calendar : c);
      continue;
    }
    if (name === 'END') {
      stack.pop();
      continue;
    }
    const params = Object.fromEntries(rawParams.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
    const into = stack[stack.length - 1]!;
    (into[name!] ??= []).push({ params, value });
  }
  return { calendar, events };
}
