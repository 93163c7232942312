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

/** The heading of a day's free times on the book page: the Finnish weekday and date ('Vapaat ajat keskiviikko 6.5.2026'). */
export function finnishDayHeading(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat('fi-FI', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
  return `Vapaat ajat ${weekday} ${finnishDate(date)}`;
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

/** The Helsinki calendar date of a moment (`YYYY-MM-DD`). */
export function helsinkiDateOf(ms: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(ms);
}

/** `DELETE` through the signed-in admin page (session cookie, CSRF double submit), answering the envelope's statusCode. */
async function adminDelete(page: Page, path: string): Promise<number> {
  return page.evaluate(async (path) => {
    const csrf = document.cookie
      .split('; ')
      .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
      ?.split('=')[1];
    const res = await fetch(path, { method: 'DELETE', headers: { accept: 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) } });
    return ((await res.json()) as { statusCode: number }).statusCode;
  }, path);
}

type DayItem = { id: string; status: string; startTime: number; endTime: number; expert: { id: string } };

/**
 * Frees an expert's calendar from `startMs` for `durationMinutes` before a journey books there: open timeslots are
 * deleted and whatever is booked then (the demo's seeded bookings and group video, an earlier attempt's) is
 * cancelled. Journeys run one at a time, so nothing of another running journey is in the way.
 */
export async function clearExpertTime(admin: Page, expertId: string, startMs: number, durationMinutes: number): Promise<void> {
  const date = helsinkiDateOf(startMs);
  const day = await adminCall<{ items: DayItem[] }>(admin, `/api/admin/bookings/list?from=${date}&to=${date}&openTimes=true`);
  const inTheWay = day.data.items.filter(
    (t) => t.expert.id === expertId && t.startTime < startMs + durationMinutes * 60_000 && t.endTime > startMs,
  );
  for (const slot of inTheWay.filter((t) => t.status === 'open')) {
    const status = await adminDelete(admin, `/api/admin/bookings/timeslots/${slot.id}`);
    if (status !== 200) throw new Error(`deleting timeslot ${slot.id} answered ${status}`);
  }
  for (const booked of inTheWay.filter((t) => t.status !== 'cancelled' && t.status !== 'open')) {
    const { statusCode } = await adminCall(admin, `/api/admin/bookings/${booked.id}/cancel`, {});
    if (statusCode !== 200) throw new Error(`cancelling appointment ${booked.id} answered ${statusCode}`);
  }
}
