import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { AppointmentRow } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { RowActionButtons, useAppointmentActions } from './appointment-actions';

let host: HTMLElement;

const MIN = 60_000;
const row = (startTime: number, over: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: '5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  kind: 'oneOnOne',
  status: 'booked',
  name: 'Ritva Varaaja',
  startTime,
  endTime: startTime + 30 * MIN,
  duration: 30,
  expert: { id: '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12', name: 'Ritva Varaaja' },
  service: null,
  patientName: 'Aino Virtanen',
  participantCount: 1,
  heldUntil: null,
  video: false,
  visit: null,
  cancelReason: null,
  ...over,
});

function Row({ appointment }: { appointment: AppointmentRow }) {
  const actions = useAppointmentActions();
  return (
    <>
      <RowActionButtons row={appointment} canEdit onAction={(a) => actions.run(appointment, a)} />
      {actions.element}
    </>
  );
}

const sent: { url: string; body: unknown }[] = [];
async function render(appointment: AppointmentRow) {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json({ status: 'ok', statusCode: 200, data: { ...appointment, participants: [] } });
    }),
  );
  host = await mount(<Row appointment={appointment} />, { queryClient: true });
}
const buttons = () => [...host.querySelectorAll<HTMLButtonElement>('.actions button')].map((b) => b.textContent);
const dialogButton = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent === text)!;

it('an appointment under way can still be changed or cancelled, and already marked a no-show', async () => {
  await render(row(Date.now() - 10 * MIN));
  expect(buttons()).toEqual(['Muokkaa', 'Peru tapaaminen', 'Merkitse: ei saapunut']);
  expect(host.textContent).not.toContain('ei voi enää muuttaa');
});

it('an appointment whose time is over offers no edit or cancel, says why, and can be marked a no-show after a question', async () => {
  await render(row(Date.now() - 40 * MIN));
  expect(buttons()).toEqual(['Merkitse: ei saapunut']);
  expect(host.textContent).toContain('Tapaaminen on pidetty, merkitty tai sen aika on mennyt, joten sitä ei voi enää muuttaa eikä perua.');
  await act(async () => host.querySelector<HTMLButtonElement>('.actions button')!.click());
  expect(document.querySelector('dialog[open]')?.textContent).toContain('Merkitäänkö, ettei potilas saapunut?');
  await act(async () => dialogButton('Merkitse: ei saapunut').click());
  await act(() =>
    vi.waitFor(() => expect(sent.map((s) => s.url)).toContain('/api/admin/bookings/5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10/no-show')),
  );
});

it('a held or marked visit offers nothing but still says why', async () => {
  await render(row(Date.now() - 10 * MIN, { visit: 'held' }));
  expect(buttons()).toEqual([]);
  expect(host.textContent).toContain('Tapaaminen on pidetty');
});

it('a future appointment is cancelled with the reason the admin types', async () => {
  await render(row(Date.now() + 2 * 24 * 60 * MIN));
  expect(buttons()).toEqual(['Muokkaa', 'Peru tapaaminen']);
  await act(async () => [...host.querySelectorAll<HTMLButtonElement>('.actions button')][1]!.click());
  const reason = document.querySelector<HTMLTextAreaElement>('dialog[open] textarea')!;
  expect(document.querySelector(`label[for="${reason.id}"]`)?.textContent).toBe('Peruutuksen syy (vapaaehtoinen)');
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(reason, 'Lääkäri sairastui');
    reason.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => dialogButton('Peru tapaaminen').click());
  await act(() => vi.waitFor(() => expect(sent).toHaveLength(1)));
  expect(sent[0]).toEqual({
    url: '/api/admin/bookings/5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10/cancel',
    body: { reason: 'Lääkäri sairastui' },
  });
});
