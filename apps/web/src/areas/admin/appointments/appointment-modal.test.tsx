import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { AppointmentDetail } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { AppointmentModal } from './appointment-modal';

const start = Date.UTC(2031, 4, 12, 7, 0);
const MIN = 60_000;
const booking: AppointmentDetail = {
  id: '5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  kind: 'oneOnOne',
  status: 'booked',
  name: 'Ritva Varaaja',
  startTime: start,
  endTime: start + 30 * MIN,
  duration: 30,
  expert: { id: '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12', name: 'Ritva Varaaja' },
  service: null,
  patientName: 'Aino Virtanen',
  participantCount: 1,
  heldUntil: null,
  video: false,
  visit: null,
  cancelReason: null,
  hostExpertId: null,
  participants: [
    {
      id: 'p1',
      role: 'patient',
      name: 'Aino Virtanen',
      firstName: 'Aino',
      lastName: 'Virtanen',
      email: 'aino@test.example',
      language: 'fi',
      ssn: '010190-124N',
      nationality: 'fi',
      expertId: null,
      patientId: 'x',
      pinLockedUntil: null,
    },
  ],
  preQuestionnaire: [],
  queueId: null,
  cancelledAt: null,
  attachedSurveys: [],
};

const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });

it('a booking moved over open times asks whether to replace them, names them, and sends again with replaceOpenTimes (issue 28)', async () => {
  const sent: Record<string, unknown>[] = [];
  const onClose = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/update')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        if (body.replaceOpenTimes) return ok(booking);
        return Response.json(
          {
            status: 'error',
            statusCode: 422,
            errorKey: 'errors.timeslotTaken',
            message: 'Valittu aika on jo varattu.',
            openTimes: [
              { id: 's1', startTime: start, endTime: start + 30 * MIN },
              { id: 's2', startTime: start + 30 * MIN, endTime: start + 60 * MIN },
            ],
          },
          { status: 409 },
        );
      }
      if (url.includes(`/bookings/${booking.id}`)) return ok(booking);
      if (url.includes('/bookings/experts')) return ok([{ id: booking.expert.id, name: 'Ritva Varaaja', specializations: ['nurse'] }]);
      return Response.json({ status: 'error', statusCode: 403, errorKey: 'errors.forbidden', message: '' }, { status: 403 });
    }),
  );
  const router = createMemoryRouter([
    { path: '/', element: <AppointmentModal target={{ mode: 'edit', id: booking.id }} onClose={onClose} /> },
  ]);
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.querySelector('form')).not.toBeNull()));
  await act(async () => host.querySelector('form')!.requestSubmit());

  const question = await vi.waitFor(() => {
    const dialog = [...document.querySelectorAll('dialog')].find((d) => d.textContent?.includes('Korvataanko vapaat ajat?'));
    expect(dialog).toBeDefined();
    return dialog!;
  });
  expect([...question.querySelectorAll('li')].map((li) => li.textContent)).toHaveLength(2);
  expect(host.querySelector('.alert')).toBeNull();
  const replace = [...question.querySelectorAll('button')].find((b) => b.textContent === 'Korvaa vapaat ajat')!;
  await act(async () => replace.click());
  await act(() => vi.waitFor(() => expect(onClose).toHaveBeenCalled()));
  expect(sent.map((b) => b.replaceOpenTimes)).toEqual([undefined, true]);
});
