import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { localDateAt, type AppointmentRow, type ExpertSchedule } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { SchedulePage } from './schedule-page';
import { weekStart } from './schedule-views';

const MIN = 60_000;
const row = (id: string, startTime: number, over: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id,
  kind: 'oneOnOne',
  status: 'booked',
  name: 'Eeva Asiantuntija',
  startTime,
  endTime: startTime + 30 * MIN,
  duration: 30,
  expert: { id: 'e1', name: 'Eeva Asiantuntija' },
  service: null,
  patientName: 'Matti Meikäläinen',
  participantCount: 1,
  heldUntil: null,
  video: false,
  visit: null,
  cancelReason: null,
  ...over,
});

async function open(path: string, schedule: (url: string) => ExpertSchedule) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/expert/schedule')) {
        asked.push(url);
        return Response.json({ status: 'ok', statusCode: 200, data: schedule(url) });
      }
      return Response.json({ status: 'error', statusCode: 500, errorKey: 'errors.processing', message: '' }, { status: 500 });
    }),
  );
  const router = createMemoryRouter([{ path: '/expert/schedule', element: <SchedulePage /> }], { initialEntries: [path] });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  return { host, asked, router };
}

it('the week view asks for the seven days from Monday and shows them as a grid with the now line and Start by the rules', async () => {
  const now = Date.now();
  const today = localDateAt(now);
  const monday = weekStart(today);
  // One that has begun (Start shows) and one later today, still closed (no button yet), if the day has room.
  const startsAt = (minutes: number) => (localDateAt(now + minutes * MIN) === today ? now + minutes * MIN : now);
  const schedule: ExpertSchedule = {
    date: monday,
    days: 7,
    breaks: [],
    appointments: [
      row('going', startsAt(-2), { patientName: 'Aino Virtanen' }),
      row('free', startsAt(-60), { status: 'open', patientName: null }),
    ],
  };
  const { host, asked, router } = await open('/expert/schedule?view=week', () => schedule);
  await act(() => vi.waitFor(() => expect(host.querySelector('table.time-grid')).not.toBeNull()));
  expect(asked[0]).toBe(`/api/expert/schedule?date=${monday}&days=7`);
  const grid = host.querySelector('table.time-grid')!;
  expect(grid.querySelectorAll('thead th[scope=col]')).toHaveLength(8);
  expect(grid.getAttribute('aria-label')).toMatch(/^Viikon \d+ aikataulu$/);
  expect(grid.querySelector('.tg-now')!.textContent).toMatch(/^Nyt \d{1,2}\.\d{2}$/);
  const going = [...grid.querySelectorAll('button.tg-item')].find((b) => b.getAttribute('aria-label')!.includes('Aino Virtanen'))!;
  expect(going.getAttribute('aria-label')).toMatch(/^\d{2}\.\d{2}–\d{2}\.\d{2}, Aino Virtanen, Chat, Varattu$/);
  expect(going.closest('.tg-slot')!.querySelector('.tg-action button')!.getAttribute('aria-label')).toMatch(
    /^Aloita vastaanotto .* Aino Virtanen$/,
  );
  // A free time is text, not a button, and has nothing to start.
  expect(grid.querySelector('.tone-open, .tone-muted')!.tagName).toBe('DIV');

  // The switch says which view is on; Day asks for one day.
  const pressed = [...host.querySelectorAll('.view-switch button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')]);
  expect(pressed).toEqual([
    ['Lista', 'false'],
    ['Päivä', 'false'],
    ['Viikko', 'true'],
  ]);
  act(() => (host.querySelector('.view-switch button:nth-child(2)') as HTMLElement).click());
  expect(router.state.location.search).toBe('?view=day');
  await act(() => vi.waitFor(() => expect(asked.at(-1)).toBe(`/api/expert/schedule?date=${today}&days=1`)));
});

it('prints under a heading saying whose schedule and which day; the print-only heading is not on screen', async () => {
  const today = localDateAt(Date.now());
  const { host } = await open('/expert/schedule', () => ({ date: today, days: 1, breaks: [], appointments: [] }));
  await act(() => vi.waitFor(() => expect(host.textContent).toContain('Tälle päivälle ei ole tapaamisia')));
  const h1 = host.querySelector('h1')!;
  expect(h1.querySelector('.no-print')!.textContent).toBe('Päivän aikataulu');
  expect(h1.querySelector('.print-only')!.textContent).toMatch(/^Aikataulu – \S+ \d{1,2}\.\d{1,2}\.\d{4}, /);
  expect(host.querySelector('.print-button')!.textContent).toBe('Tulosta');
});
