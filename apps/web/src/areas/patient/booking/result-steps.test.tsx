import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PatientAppointment, PatientConfig } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { FailedStep, SuccessStep } from './result-steps';

const booked: PatientAppointment = {
  uuid: 'appt-1',
  name: 'Hanna Hoitaja',
  startTime: Date.UTC(2026, 11, 1, 8),
  duration: 30,
  type: 'oneOnOne',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
};
const config = {
  bookingConfirmedText: { fi: '', se: '', en: '' },
  bookingConfirmedLink: null,
  yourBookingsEnabled: true,
} as unknown as PatientConfig;
const contact = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  street: '',
  code: '',
  city: '',
  mobile: '',
  email: 'aino@example.fi',
  country: 'fi',
  nationality: 'FI',
  termsAccepted: true,
};

describe('booking result steps (spec §4 booking flow)', () => {
  it('says plainly that the hold ran out, how long the time was held and that it was released', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'expired', holdMinutes: 15 }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Vahvistusaika päättyi');
    expect(host.querySelector('.alert')!.textContent).toBe(
      'Aika oli varattuna sinulle 15 minuutin ajan, ja se on nyt vapautettu muille. Hae aika uudelleen.',
    );
  });

  it('keeps the plain failure for a refused booking', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'refused' }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Varaus epäonnistui');
    expect(host.querySelector('.alert')!.textContent).toBe('Aikaa ei voitu varata, joten hae uudelleen.');
  });

  it('success: how it will happen, where the confirmation went, and the appointment as a calendar file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: contact })),
    );
    const host = await mount(
      <MemoryRouter>
        <SuccessStep appointment={booked} expertName="Hanna Hoitaja" config={config} />
      </MemoryRouter>,
      { queryClient: true },
    );
    await vi.waitFor(() => expect(host.textContent).toContain('Vahvistus lähetettiin osoitteeseen aino@example.fi.'));
    expect(host.textContent).toContain(
      'Vastaanotto on etävastaanotto (chat tai video). Aloitat sen palvelun etusivulta aikaisintaan 5 minuuttia ennen alkua.',
    );
    const calendar = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Lisää kalenteriin (.ics)')!;
    expect(calendar.getAttribute('href')).toBe('/api/services/calendar/appt-1');
    expect(calendar.hasAttribute('download')).toBe(true);
  });
});
