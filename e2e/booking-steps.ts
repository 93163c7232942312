import type { Page } from '@playwright/test';

/** A calendar date in Helsinki (the organisations' time zone), `days` from today. */
export function helsinkiDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(Date.now() + days * 86_400_000);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The Finnish numeric date the booking screens show ('6.5.2026'). */
export function finnishDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d}.${m}.${y}`;
}

/** The Helsinki wall-clock time of a moment ('19:30'). */
export function helsinkiTime(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** Calls the admin API from the signed-in admin page, as the admin app does (session cookie, CSRF double submit). */
export async function adminCall<T>(page: Page, path: string, body?: unknown): Promise<{ statusCode: number; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
        ?.split('=')[1];
      const res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { statusCode: number; data: T };
    },
    { path, body },
  );
}
