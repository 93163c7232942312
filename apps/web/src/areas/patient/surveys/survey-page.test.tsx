import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { formatDateTime, setDisplayTimeZone } from '@/lib/format';
import { mount } from '@/test/mount';
import '../patient-texts';
import { SurveyPage } from './survey-page';

const RESPONSE = '11111111-1111-4111-8111-111111111111';
const APPOINTMENT_AT = Date.UTC(2026, 10, 30, 8, 0);
afterEach(() => vi.unstubAllGlobals());

async function pageWith(about: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        status: 'ok',
        statusCode: 200,
        data: { url: 'https://runner.example/survey-runner', token: 't', theme: { primaryColor: '#000', backgroundColor: '#fff' }, about },
      }),
    ),
  );
  return mount(
    <MemoryRouter initialEntries={[`/survey/${RESPONSE}`]}>
      <Routes>
        <Route path="/survey/:responseId" element={<SurveyPage />} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
}

it('says which appointment the survey is about and whose it was (issue 29)', async () => {
  setDisplayTimeZone('Europe/Helsinki');
  const host = await pageWith({ appointmentAt: APPOINTMENT_AT, sentAt: APPOINTMENT_AT + 3_600_000, professional: 'Eeva Asiantuntija' });
  await vi.waitFor(() => expect(host.querySelector('.survey-about')).not.toBeNull());
  expect([...host.querySelectorAll('.survey-about li')].map((li) => li.textContent)).toEqual([
    `Vastaanotto ${formatDateTime(APPOINTMENT_AT, 'fi', { style: 'weekday' })}`,
    'Ammattilainen: Eeva Asiantuntija',
  ]);
});

it('without an appointment, when the survey was sent', async () => {
  setDisplayTimeZone('Europe/Helsinki');
  const host = await pageWith({ appointmentAt: null, sentAt: APPOINTMENT_AT, professional: null });
  await vi.waitFor(() => expect(host.querySelector('.survey-about')).not.toBeNull());
  expect(host.querySelector('.survey-about')!.textContent).toBe(`Lähetetty ${formatDateTime(APPOINTMENT_AT, 'fi', { style: 'weekday' })}`);
});
