import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OpenAppointment, PatientAppointment } from '@prsp/contracts';
import { formatDateTime } from '@/lib/format';
import { mount } from '@/test/mount';
import '../patient-texts';
import { BookPage } from './book-page';

vi.mock('../patient-state', () => ({
  usePatientContext: () => ({
    phase: 'ready',
    config: {
      questionnaire: [{ id: 'reason', content: { fi: 'Mikä on käyntisi syy?', se: 'Orsak?', en: 'Reason?' }, isMandatory: true }],
      bookingConfirmedText: { fi: '', se: '', en: '' },
      bookingConfirmedLink: null,
      yourBookingsEnabled: true,
    },
  }),
}));

const DAY = 86_400_000;
const current: PatientAppointment = {
  uuid: 'a1',
  name: 'Hanna Hoitaja',
  startTime: Date.now() + 3 * DAY,
  duration: 30,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: [{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Selkäkipu' }],
  selfBooked: true,
};
const slot: OpenAppointment = {
  uuid: 'slot-1',
  name: 'Hanna Hoitaja',
  startTime: Date.now() + 5 * DAY,
  duration: 30,
  preQuestionnaire: true,
  kind: 'chat',
};

type Call = { url: string; method: string; body: unknown };

/** The book page opened as `/book?reschedule=a1`; fetch answers by path (`refuse`: the change is refused). */
async function render(refuse = false) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });
    if (url === '/api/services/reschedule/a1' && refuse)
      return Response.json({ status: 'error', statusCode: 423, errorKey: 'errors.423', message: 'x' }, { status: 400 });
    if (url === '/api/services/reschedule/a1' && method === 'GET') return ok({ appointment: current, specialization: 'nurse' });
    if (url === '/api/services/reschedule/a1') return ok({ ...current, startTime: slot.startTime });
    if (url === '/api/services/booking-info') return ok({ infoText: { fi: '', se: '', en: '' } });
    if (url.startsWith('/api/list/specializations'))
      return ok([{ id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' }, availableAt: [] }]);
    if (url.startsWith('/api/services/lock/')) return ok({ appointmentLockTime: 15 });
    if (url.startsWith('/api/services/open/') && url.endsWith('/next')) return ok(null);
    if (url.startsWith('/api/services/open/')) return ok([slot]);
    return ok(null);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/book', element: <BookPage /> }], { initialEntries: ['/book?reschedule=a1'] });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
  const press = async (text: string | RegExp) => {
    const button = [...host.querySelectorAll('button')].find((b) =>
      typeof text === 'string' ? b.textContent === text : text.test(b.textContent ?? ''),
    );
    if (!button) throw new Error(`no button ${String(text)}`);
    await act(async () => button.click());
    await settle();
  };
  await settle();
  await settle();
  return { host, press, calls };
}

describe('book page in reschedule mode (issue 29: change the time instead of cancelling and booking again)', () => {
  it('names the time being changed, searches its specialization at once, keeps the answers and moves it on confirm', async () => {
    const { host, press, calls } = await render();
    expect(host.querySelector('h1')!.textContent).toBe('Vaihda aikaa');
    expect(host.textContent).toContain(`Vaihdat aikaa: ${formatDateTime(current.startTime, 'fi', { style: 'weekday' })}`);
    expect(host.textContent).toContain('Nykyinen aikasi pysyy voimassa, kunnes vahvistat uuden ajan.');
    // The same specialization, searched without a click.
    expect(host.querySelector('select')!.value).toBe('nurse');
    expect(calls.some((c) => c.url.startsWith('/api/services/open/') && c.url.endsWith('/nurse'))).toBe(true);

    await press(/Hanna Hoitaja/);
    expect(host.querySelector('textarea')!.value).toBe('Selkäkipu');
    expect(host.textContent).toContain('Vastauksesi edellisestä varauksesta ovat valmiina.');
    await press('Vahvista uusi aika');
    const change = calls.find((c) => c.url === '/api/services/reschedule/a1' && c.method === 'POST');
    expect(change?.body).toEqual({
      timeslotId: 'slot-1',
      questionnaireAnswers: [{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Selkäkipu' }],
    });
    // Nothing was booked besides: the change is one call.
    expect(calls.some((c) => c.url.startsWith('/api/services/book/'))).toBe(false);
    expect(host.querySelector('[role="status"].notice')!.textContent).toBe(
      `Aikasi on vaihdettu. Aiempi aika ${formatDateTime(current.startTime, 'fi', { style: 'weekday' })} vapautui muille.`,
    );
  });

  it('a time that can no longer be changed says so, with no search to book another by mistake', async () => {
    const { host } = await render(true);
    expect(host.querySelector('h1')!.textContent).toBe('Vaihda aikaa');
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(
      'Tämän ajan vaihtaminen ei ole enää mahdollista täällä. Näet aikasi varauksissasi.',
    );
    expect(host.querySelector('select')).toBeNull();
  });
});
