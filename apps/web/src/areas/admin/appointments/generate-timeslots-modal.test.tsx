import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { TimeslotPreview } from '@prsp/contracts';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { GenerateTimeslotsModal } from './generate-timeslots-modal';

const EXPERT = '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12';
const NURSE = '0b8f6c1e-3a52-4c1b-9e0d-6f1a2b3c4d5e';
const DOCTOR = '1c9e7d2f-4b63-4d2c-8f1e-7a2b3c4d5e6f';
const services = [
  { id: NURSE, name: { fi: 'Sairaanhoitajan chat', se: 'Sjukskötarens chatt', en: 'Nurse chat' }, openTimeKind: 'chat' },
  { id: DOCTOR, name: { fi: 'Lääkärin vastaanotto', se: 'Läkarmottagning', en: 'Doctor appointment' }, openTimeKind: 'video' },
];
const preview: TimeslotPreview = { slots: [], conflicts: 0, conflictingSlots: [] };

const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });
const setValue = async (el: HTMLSelectElement, value: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
};
const radio = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((r) => r.labels?.[0]?.textContent === label)!;

it('open times need a service (the field says so and nothing is sent); the service chosen sets the kind, which the admin may change (issue 29)', async () => {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/bookings/services')) return ok(services);
      if (url.endsWith('/bookings/experts')) return ok([{ id: EXPERT, name: 'Ritva Varaaja', specializations: ['nurse'] }]);
      if (url.endsWith('/timeslots/preview')) {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return ok(preview);
      }
      return Response.json({ status: 'error', statusCode: 404, errorKey: 'errors.notFound', message: '' }, { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <GenerateTimeslotsModal onClose={() => undefined} /> }]);
  await mount(<RouterProvider router={router} />, { queryClient: true });
  const form = await vi.waitFor(() => {
    const f = document.querySelector<HTMLFormElement>('dialog form');
    expect(f?.querySelector('input[type=checkbox]')).not.toBeNull();
    expect(f?.querySelectorAll('select option')).toHaveLength(3);
    return f!;
  });
  await act(async () => form.querySelector<HTMLInputElement>('input[type=checkbox]')!.click());
  expect(radio('Chat').checked).toBe(false);
  expect(radio('Video').checked).toBe(false);

  await act(async () => form.requestSubmit());
  const select = form.querySelector('select')!;
  expect(select.labels?.[0]?.textContent).toContain('Palvelu');
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(select.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('Pakollinen kenttä.');
  expect(sent).toEqual([]);

  await setValue(select, DOCTOR);
  expect(radio('Video').checked).toBe(true);
  await setValue(select, NURSE);
  expect(radio('Chat').checked).toBe(true);
  await act(async () => radio('Video').click());
  await act(async () => form.requestSubmit());
  await act(() => vi.waitFor(() => expect(sent).toHaveLength(1)));
  expect(sent[0]).toMatchObject({ expertIds: [EXPERT], serviceId: NURSE, kind: 'video' });
  await act(() => vi.waitFor(() => expect(document.querySelector('dialog')!.textContent).toContain('Avoimien aikojen tyyppi: Video')));
});
