import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppointmentDetail, Participant } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './staff-texts';
import { GuestPin } from './guest-pin';

const HOUR = 3_600_000;
const guest: Participant = {
  id: 'g1',
  role: 'guest',
  name: 'Greta Guest',
  firstName: null,
  lastName: null,
  email: 'greta@example.com',
  language: 'en',
  ssn: null,
  nationality: null,
  expertId: null,
  patientId: null,
  pinLockedUntil: Date.now() + 10 * 60_000,
};
const appointment = { id: 'a1', status: 'booked', endTime: Date.now() + HOUR } as AppointmentDetail;

describe("the organiser's view of a guest (issue 29)", () => {
  it('shows a sign-in locked by wrong PINs and sends a new PIN after asking', async () => {
    const fetch = vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: appointment }));
    vi.stubGlobal('fetch', fetch);
    const path = '/api/admin/bookings/a1/guests/g1/new-pin';
    const host = await mount(<GuestPin appointment={appointment} guest={guest} path={path} refresh={['x']} />, { queryClient: true });
    expect(host.querySelector('.notice')!.textContent).toMatch(
      /^Kirjautuminen estetty klo \d{1,2}\.\d{2} asti: liian monta väärää PIN-koodia\.$/,
    );
    const open = host.querySelector<HTMLButtonElement>('button[aria-label="Lähetä henkilölle Greta Guest uusi PIN-koodi"]')!;
    await act(async () => open.click());
    expect(fetch).not.toHaveBeenCalled();
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find(
      (b) => b.textContent === 'Lähetä uusi PIN-koodi',
    )!;
    await act(async () => confirm.click());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain(path);
  });

  it('offers nothing for an appointment that is over', async () => {
    const over = { ...appointment, endTime: Date.now() - 1 };
    const host = await mount(<GuestPin appointment={over} guest={guest} path="/x" refresh={['x']} />, { queryClient: true });
    expect(host.textContent).toBe('');
  });
});
