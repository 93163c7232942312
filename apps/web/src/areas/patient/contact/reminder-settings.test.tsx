import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { Reminders } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ReminderSettings } from './reminder-settings';

const start: Reminders = {
  email: { on: true, offered: true, to: 'aino@example.fi', leadMinutes: 1440 },
  sms: { on: true, offered: true, to: '+358401234567', leadMinutes: 60 },
};

function server(initial: Reminders) {
  let state = initial;
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: boolean; sms: boolean };
        posted.push(body);
        state = { email: { ...state.email, on: body.email }, sms: { ...state.sms, on: body.sms } };
      }
      return Response.json({ status: 'ok', statusCode: 200, data: state });
    }),
  );
  return posted;
}

const boxes = (host: HTMLElement) => [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const labels = (host: HTMLElement) => [...host.querySelectorAll('label.check')].map((l) => l.textContent);

it('turns the SMS reminder off at once, says it was saved and what will come now', async () => {
  const posted = server(start);
  const host = await mount(
    <MemoryRouter>
      <ReminderSettings />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(boxes(host)).toHaveLength(2));
  expect(labels(host)).toEqual(['Muistutus sähköpostilla vuorokautta ennen', 'Muistutus tekstiviestillä tuntia ennen']);
  expect(boxes(host).map((b) => b.checked)).toEqual([true, true]);
  const smsHint = host.querySelector(`[id="${boxes(host)[1]!.getAttribute('aria-describedby')}"]`);
  expect(smsHint?.textContent).toBe('Lähetetään numeroon +358401234567.');

  await act(async () => boxes(host)[1]!.click());
  await vi.waitFor(() => expect(host.querySelector('[role="status"]')!.textContent).toBe('Muistutukset tallennettu.'));
  expect(posted).toEqual([{ email: true, sms: false }]);
  expect(boxes(host).map((b) => b.checked)).toEqual([true, false]);
  expect(host.querySelector('#reminders > p')!.textContent).toBe('Saat muistutuksen sähköpostilla vuorokautta ennen.');
});

it('a reminder the organisation does not send cannot be switched; one without an address says what to add', async () => {
  server({ email: { ...start.email, to: '' }, sms: { ...start.sms, offered: false } });
  const host = await mount(
    <MemoryRouter>
      <ReminderSettings />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(boxes(host)).toHaveLength(2));
  expect(boxes(host).map((b) => b.disabled)).toEqual([false, true]);
  expect([...host.querySelectorAll('.field .hint')].map((p) => p.textContent)).toEqual([
    'Lisää sähköpostiosoite yhteystietoihin, niin muistutus tulee sähköpostilla.',
    'Palvelu ei lähetä tätä muistutusta.',
  ]);
  expect(host.querySelector('#reminders > p')!.textContent).toBe('Et saa muistutuksia varatuista ajoista.');
});
