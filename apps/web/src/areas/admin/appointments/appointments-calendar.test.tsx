import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { addDays, atLocalTime, localDateAt, type CalendarAppointment, type CalendarWeek } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { AppointmentsCalendar } from './appointments-calendar';

// Tomorrow, which the day view reaches with 'Seuraava päivä' (whatever the weekday today).
const day = addDays(localDateAt(new Date()), 1);
const expert = { id: '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12', name: 'Ritva Varaaja' };
const at = (h: number, m = 0) => atLocalTime(day, h, m).getTime();
const row = (over: Partial<CalendarAppointment>): CalendarAppointment => ({
  id: '5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  kind: 'oneOnOne',
  status: 'booked',
  name: expert.name,
  startTime: at(10),
  endTime: at(10, 30),
  duration: 30,
  expert,
  service: null,
  patientName: 'Aino Virtanen',
  participantCount: 1,
  heldUntil: null,
  video: false,
  visit: null,
  cancelReason: null,
  people: ['Aino Virtanen'],
  ...over,
});
const booking = row({});
const slot = row({
  id: '9c4e2a10-3b5d-4f6a-8c7e-1a2b3c4d5e6f',
  status: 'open',
  startTime: at(13),
  endTime: at(13, 30),
  people: [],
  patientName: null,
});
const REOPENED = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });

it('the Move dialog moves a booking into an open time; the status says so with Undo, which sends the move back', async () => {
  const moves: unknown[] = [];
  let week: CalendarWeek = { from: day, days: 1, appointments: [booking, slot], breaks: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/calendar?')) return ok(week);
      if (url.endsWith('/move')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        moves.push(body);
        const back = 'timeslotId' in body && body.timeslotId === REOPENED;
        const moved = { ...booking, startTime: back ? at(10) : at(13), endTime: back ? at(10, 30) : at(13, 30) };
        week = { ...week, appointments: [moved] };
        return ok({ appointment: moved, undo: { timeslotId: REOPENED } });
      }
      return Response.json({ status: 'error', statusCode: 403, errorKey: 'errors.forbidden', message: '' }, { status: 403 });
    }),
  );
  const router = createMemoryRouter([
    { path: '/', element: <AppointmentsCalendar mode="day" canEdit experts={[{ ...expert, specializations: [] }]} services={[]} /> },
  ]);
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  // The day shown is today: go to tomorrow.
  const next = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Seuraava päivä')!;
  await act(async () => next.click());
  const item = await vi.waitFor(() => {
    const button = host.querySelector<HTMLButtonElement>('button[aria-label*="Aino Virtanen"]');
    expect(button).not.toBeNull();
    return button!;
  });
  expect(item.getAttribute('aria-label')).toMatch(/10\.00–10\.30, Chat, Varattu, Aino Virtanen$/);
  expect(host.querySelector('table')!.getAttribute('aria-label')).toContain('Ritva Varaaja');

  await act(async () => item.click());
  const dialog = document.querySelector('dialog[open]')!;
  expect(dialog.textContent).toContain('Siirrä tapaaminen');
  const choice = dialog.querySelector<HTMLInputElement>(`#move-slot-${slot.id}`)!;
  await act(async () => choice.click());
  await act(async () => dialog.querySelector('form')!.requestSubmit());
  await act(() =>
    vi.waitFor(() => expect(host.querySelector('[role="status"]')!.textContent).toMatch(/^Tapaaminen siirretty: .* 13\.00–13\.30\.$/)),
  );
  expect(moves).toEqual([{ timeslotId: slot.id }]);

  const undo = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Peru siirto')!;
  await act(async () => undo.click());
  await act(() =>
    vi.waitFor(() => expect(host.querySelector('[role="status"]')!.textContent).toMatch(/^Siirto peruttu: .* 10\.00–10\.30\.$/)),
  );
  expect(moves).toEqual([{ timeslotId: slot.id }, { timeslotId: REOPENED }]);
  expect([...host.querySelectorAll('button')].some((b) => b.textContent === 'Peru siirto')).toBe(false);
});

it('an open time dragged to a free quarter goes through the timeslot route, and Undo puts it back where it was', async () => {
  const updates: { url: string; body: Record<string, unknown> }[] = [];
  const week: CalendarWeek = { from: day, days: 1, appointments: [slot], breaks: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/calendar?')) return ok(week);
      if (url.includes('/timeslots/') && url.endsWith('/update')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        updates.push({ url, body });
        const [h, m] = String(body.startTime).split(':').map(Number);
        return ok({
          ...slot,
          startTime: atLocalTime(String(body.date), h!, m!).getTime(),
          endTime: atLocalTime(String(body.date), h!, m! + 30).getTime(),
        });
      }
      return Response.json({ status: 'error', statusCode: 403, errorKey: 'errors.forbidden', message: '' }, { status: 403 });
    }),
  );
  const router = createMemoryRouter([
    { path: '/', element: <AppointmentsCalendar mode="day" canEdit experts={[{ ...expert, specializations: [] }]} services={[]} /> },
  ]);
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(async () => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Seuraava päivä')!.click());
  const open = await vi.waitFor(() => {
    const button = host.querySelector<HTMLButtonElement>(`[data-drop-item="${slot.id}"]`);
    expect(button).not.toBeNull();
    return button!;
  });
  const quarter = host.querySelector<HTMLElement>(`[data-drop-date="${day}"][data-drop-time="15:45"]`)!;
  document.elementFromPoint = () => quarter;
  act(() => open.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, isPrimary: true, clientX: 0, clientY: 0 })));
  act(() => window.dispatchEvent(new PointerEvent('pointermove', { clientX: 0, clientY: 80 })));
  act(() => window.dispatchEvent(new PointerEvent('pointerup', { clientX: 0, clientY: 80 })));
  await act(() =>
    vi.waitFor(() => expect(host.querySelector('[role="status"]')!.textContent).toMatch(/^Vapaa aika siirretty: .* 15\.45–16\.15\.$/)),
  );
  expect(updates.map((u) => u.body)).toEqual([{ expertId: expert.id, date: day, startTime: '15:45', durationMinutes: 30 }]);
  expect(updates[0]!.url).toContain(`/timeslots/${slot.id}/update`);

  await act(async () => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Peru siirto')!.click());
  await act(() => vi.waitFor(() => expect(updates).toHaveLength(2)));
  expect(updates[1]!.body).toEqual({ expertId: expert.id, date: day, startTime: '13:00', durationMinutes: 30 });
  await act(() => vi.waitFor(() => expect(document.activeElement).toBe(host.querySelector('[role="status"]'))));
});
