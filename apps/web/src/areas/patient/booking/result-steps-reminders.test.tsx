import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { PatientAppointment, PatientConfig } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { SuccessStep } from './result-steps';

const booked: PatientAppointment = {
  uuid: 'appt-1',
  name: 'Hanna Hoitaja',
  startTime: Date.UTC(2026, 11, 1, 8),
  duration: 30,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
};
const config = {
  bookingConfirmedText: { fi: '', se: '', en: '' },
  bookingConfirmedLink: null,
  yourBookingsEnabled: true,
  contactEnabled: true,
} as unknown as PatientConfig;

it('the booking success page says which reminders will come, with a way to change them (issue 29)', async () => {
  // The organisation sends no SMS reminders: only the e-mail is named.
  const reminders = {
    email: { on: true, offered: true, to: 'aino@example.fi', leadMinutes: 1440 },
    sms: { on: true, offered: false, to: '+358401234567', leadMinutes: 60 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/patient/reminders'
        ? Response.json({ status: 'ok', statusCode: 200, data: reminders })
        : Response.json({ status: 'error', statusCode: 500, errorKey: 'errors.internal', message: 'x' }, { status: 500 }),
    ),
  );
  const host = await mount(
    <MemoryRouter>
      <SuccessStep appointment={booked} expertName="Hanna Hoitaja" config={config} />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(host.querySelector('.reminders-note')).not.toBeNull());
  expect(host.querySelector('.reminders-note')!.textContent).toBe('Saat muistutuksen sähköpostilla vuorokautta ennen. Muuta muistutuksia');
  expect(host.querySelector('.reminders-note a')!.getAttribute('href')).toBe('/profile/contact#reminders');
});
