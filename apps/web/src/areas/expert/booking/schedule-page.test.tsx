import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { localDateAt, type AppointmentRow, type ExpertSchedule } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { SchedulePage } from './schedule-page';

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

it('the schedule starts and joins, marks chat, video and group, names the service, draws a now line and shows a past free time as unbooked (issue 28)', async () => {
  // Minutes from now, kept within today whatever the hour the test runs at.
  const now = Date.now();
  const today = localDateAt(now);
  const within = (minutes: number) => {
    const at = now + minutes * MIN;
    return localDateAt(at) === today ? at : now;
  };
  const service = { id: 's1', name: { fi: 'Lääkärin vastaanotto', se: 'Läkarmottagning', en: "Doctor's appointment" } };
  const schedule: ExpertSchedule = {
    date: today,
    days: 1,
    breaks: [],
    appointments: [
      row('past-free', within(-1), { status: 'open', patientName: null, endTime: within(-1) + MIN }),
      row('video-now', within(-2), { video: true, service }),
      row('group-now', within(-1), { kind: 'group', name: 'Diabetesryhmä', patientName: null, participantCount: 3 }),
    ],
  };
  const opened: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/expert/schedule')) return Response.json({ status: 'ok', statusCode: 200, data: schedule });
      if (init?.method === 'POST') opened.push(url);
      return Response.json({ status: 'error', statusCode: 500, errorKey: 'errors.processing', message: '' }, { status: 500 });
    }),
  );
  const router = createMemoryRouter([{ path: '/expert/schedule', element: <SchedulePage /> }], { initialEntries: ['/expert/schedule'] });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.querySelectorAll('tbody tr').length).toBe(4)));

  const rows = [...host.querySelectorAll('tbody tr')];
  const text = rows.map((r) => r.textContent ?? '');
  expect(text.some((t) => t.startsWith('Nyt '))).toBe(true);
  const pastFree = text.find((t) => t.includes('Jäi varaamatta'));
  expect(pastFree).toBeDefined();
  expect(text.join('\n')).not.toContain('Vapaa');
  const video = rows.find((r) => r.textContent?.includes('Matti Meikäläinen'))!;
  expect(video.querySelector('.type-marker')?.textContent).toBe('Video');
  expect(video.textContent).toContain('Lääkärin vastaanotto');
  const group = rows.find((r) => r.textContent?.includes('Diabetesryhmä'))!;
  expect(group.querySelector('.type-marker')?.textContent).toBe('Ryhmä, chat');

  const start = [...video.querySelectorAll('button')].find((b) => b.textContent === 'Aloita')!;
  expect(start.getAttribute('aria-label')).toMatch(/^Aloita vastaanotto .* Matti Meikäläinen$/);
  expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Liity']);
  await act(async () => start.click());
  await act(() => vi.waitFor(() => expect(opened).toEqual(['/api/expert/chat/appointments/video-now/open'])));
  // The server refused here: the expert is told, in the row.
  await act(() =>
    vi.waitFor(() => expect(video.querySelector('[role="alert"]')?.textContent).toBe('Vastaanoton avaaminen ei onnistunut.')),
  );
});

it('an appointment whose questionnaire picked a red-flag answer says so in its row; the others do not (issue 29)', async () => {
  const now = Date.now();
  const today = localDateAt(now);
  const later = (hours: number) => (localDateAt(now + hours * 60 * MIN) === today ? now + hours * 60 * MIN : now);
  const schedule: ExpertSchedule = {
    date: today,
    days: 1,
    breaks: [],
    appointments: [
      row('flagged', later(1), { patientName: 'Aino Virtanen', urgency: 'emergency' }),
      row('calm', later(1), { patientName: 'Matti Meikäläinen', urgency: null }),
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: schedule })),
  );
  const router = createMemoryRouter([{ path: '/expert/schedule', element: <SchedulePage /> }], { initialEntries: ['/expert/schedule'] });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.textContent).toContain('Aino Virtanen')));
  const rowOf = (name: string) => [...host.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes(name))!;
  expect(rowOf('Aino Virtanen').querySelector('.urgency-mark')?.textContent).toBe('Hälytysvastaus: hätätilanne');
  expect(rowOf('Matti Meikäläinen').querySelector('.urgency-mark')).toBeNull();
});
