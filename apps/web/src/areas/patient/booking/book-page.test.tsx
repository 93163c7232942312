import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OpenAppointment } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { BookPage } from './book-page';

vi.mock('../patient-state', () => ({
  usePatientContext: () => ({
    phase: 'ready',
    config: { questionnaire: [], bookingConfirmedText: { fi: '', se: '', en: '' }, bookingConfirmedLink: null, yourBookingsEnabled: true },
  }),
}));

const slot: OpenAppointment = {
  uuid: 'slot-1',
  name: 'Hanna Hoitaja',
  startTime: Date.now() + 3 * 86_400_000,
  duration: 30,
  preQuestionnaire: false,
  kind: 'chat',
};

function answer(url: string): unknown {
  if (url === '/api/services/booking-info') return { infoText: { fi: '', se: '', en: '' } };
  if (url.startsWith('/api/list/specializations'))
    return [{ id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' }, availableAt: [] }];
  if (url.startsWith('/api/services/lock/')) return { appointmentLockTime: 15 };
  if (url.startsWith('/api/services/open/') && url.endsWith('/next')) return null;
  if (url.startsWith('/api/services/open/')) return [slot];
  return null;
}

/** The book page as the browser's first page (no entry before it), signed in; fetch answers by path. */
async function render() {
  const fetch = vi.fn(async (url: string) => Response.json({ status: 'ok', statusCode: 200, data: answer(url) }));
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/book', element: <BookPage /> }], { initialEntries: ['/book'] });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
  const press = async (text: string | RegExp, within: ParentNode = host) => {
    const button = [...within.querySelectorAll('button')].find((b) =>
      typeof text === 'string' ? b.textContent === text : text.test(b.textContent ?? ''),
    );
    if (!button) throw new Error(`no button ${String(text)}`);
    await act(async () => button.click());
    await settle();
  };
  const heading = () => host.querySelector('h2')!.textContent;
  const dialog = () => host.querySelector<HTMLDialogElement>('dialog[open]');
  const back = async () => {
    await act(async () => void (await router.navigate(-1)));
    await settle();
  };
  await settle();
  const select = host.querySelector('select')!;
  act(() => {
    select.value = 'nurse';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await press('Hae vapaat ajat');
  await press(/Hanna Hoitaja/);
  expect(heading()).toBe('Vahvista varaus');
  const calls = () => fetch.mock.calls.map(([url]) => url);
  return { host, press, heading, dialog, back, calls, router };
}

describe('book page (spec §4 booking flow: leaving the confirmation)', () => {
  it('asks in the leave-unconfirmed modal when the browser goes back from the confirmation; staying keeps the hold', async () => {
    const { back, dialog, press, heading, calls } = await render();
    await back();
    expect(dialog()?.textContent).toContain('Poistutaanko varaamatta?');
    await press('Jää vahvistamaan', dialog()!);
    expect(dialog()).toBeNull();
    expect(heading()).toBe('Vahvista varaus');
    expect(calls().some((url) => url.startsWith('/api/services/unlock/'))).toBe(false);

    await back();
    await press('Poistu', dialog()!);
    expect(calls()).toContain('/api/services/unlock/slot-1');
    expect(heading()).toBe('Hae vapaata aikaa');
  });

  it('the page’s own back button asks the same and takes the confirmation’s history entry with it', async () => {
    const { dialog, press, heading, calls, router } = await render();
    await press('Takaisin hakuun');
    await press('Poistu', dialog()!);
    expect(calls()).toContain('/api/services/unlock/slot-1');
    expect(heading()).toBe('Hae vapaata aikaa');
    // The confirmation's history entry went with it.
    expect(router.state.location.state).toBeNull();
  });
});
