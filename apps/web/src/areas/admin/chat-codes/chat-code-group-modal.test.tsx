import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { addDays, localDateAt, type CodeGroup } from '@prsp/contracts';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { CodeGroupModal } from './chat-code-group-modal';
import { correctedDateErrors } from './expiry-presets';

const PHYSIO = '0b8f6c1e-3a52-4c1b-9e0d-6f1a2b3c4d5e';
const DOCTOR = '1c9e7d2f-4b63-4d2c-8f1e-7a2b3c4d5e6f';
const today = localDateAt(new Date());
const group: CodeGroup = {
  id: '2d0f8e3a-5c74-4e3d-9a2f-8b3c4d5e6f70',
  name: 'Fysioterapia syksy',
  target: { kind: 'service', serviceId: PHYSIO, serviceName: { fi: 'Fysioterapeutti', se: 'Fysioterapeut', en: 'Physiotherapist' } },
  totalCodes: 25,
  usesPerCode: 2,
  startDate: addDays(today, -10),
  expiryDate: addDays(today, 30),
  usedCodes: 3,
  createdAt: new Date().toISOString(),
};

const setValue = async (el: HTMLInputElement | HTMLSelectElement, value: string) => {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
};
const labelled = <T extends HTMLElement>(selector: string, label: string) =>
  [...document.querySelectorAll<T>(selector)].find((e) => (e as unknown as HTMLInputElement).labels?.[0]?.textContent?.startsWith(label))!;

it("a group's service, start and expiry can be corrected in its modal; a start left as stored may be past (issue 28)", async () => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ status: 'ok', statusCode: 200, data: group });
    }),
  );
  const choice = {
    field: 'serviceId' as const,
    label: 'Palvelu',
    placeholder: 'Valitse palvelu',
    options: [
      { value: PHYSIO, label: 'Fysioterapeutti' },
      { value: DOCTOR, label: 'Lääkäri' },
    ],
  };
  const router = createMemoryRouter([
    { path: '/', element: <CodeGroupModal kind="service" group={group} choice={choice} onClose={() => undefined} /> },
  ]);
  await mount(<RouterProvider router={router} />, { queryClient: true });
  const service = labelled<HTMLSelectElement>('select', 'Palvelu');
  expect(service.value).toBe(PHYSIO);
  expect(labelled<HTMLInputElement>('input', 'Voimassa alkaen').value).toBe(group.startDate);
  await setValue(service, DOCTOR);
  const expiry = addDays(today, 60);
  await setValue(labelled<HTMLInputElement>('input[type=date]', 'Viimeinen voimassaolopäivä'), expiry);
  await act(async () => document.querySelector<HTMLFormElement>('form')!.requestSubmit());
  await act(() => vi.waitFor(() => expect(sent).toHaveLength(1)));
  expect(sent[0]).toEqual({ name: group.name, usesPerCode: 2, serviceId: DOCTOR, startDate: group.startDate, expiryDate: expiry });
});

it('only a changed date is checked against today', () => {
  const stored = { startDate: '2026-05-01', expiryDate: '2026-05-05' };
  const today = '2026-05-10';
  expect(correctedDateErrors({ startDate: '2026-05-01', choice: 'endOfYear', expiryDate: '' }, stored, today)).toEqual({});
  expect(correctedDateErrors({ startDate: '2026-05-02', choice: 'endOfYear', expiryDate: '' }, stored, today)).toEqual({
    startDate: 'pastDate',
  });
  expect(correctedDateErrors({ startDate: '2026-05-01', choice: 'date', expiryDate: '2026-05-05' }, stored, today)).toEqual({});
  expect(correctedDateErrors({ startDate: '2026-05-01', choice: 'date', expiryDate: '2026-05-06' }, stored, today)).toEqual({
    expiryDate: 'pastDate',
  });
});
