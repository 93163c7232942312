import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { FORMER_API_CLIENT_SCOPES, type ApiClientCreated } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import './api-clients-texts';
import { CreateClientModal } from './create-client-modal';

const created: ApiClientCreated = {
  client: {
    id: '3f1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
    name: 'Viestiarkisto',
    clientId: 'prsp-new',
    createdAt: '2026-11-01T08:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    scopes: [...FORMER_API_CLIENT_SCOPES, 'system/Communication.read'],
  },
  clientSecret: 'secret',
};

/** Opens the dialog; the server answers `created` and the bodies sent are recorded. */
async function open() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ status: 'ok', statusCode: 200, data: created });
    }),
  );
  const onCreated = vi.fn();
  // The form's unsaved-changes guard needs a data router.
  const router = createMemoryRouter([{ path: '/', element: <CreateClientModal onClose={() => undefined} onCreated={onCreated} /> }]);
  await mount(<RouterProvider router={router} />, { queryClient: true });
  return { sent, onCreated };
}

const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
const box = (type: string) => boxes().find((b) => b.labels?.[0]?.querySelector('code')?.textContent === type)!;
const submit = () => act(async () => document.querySelector<HTMLFormElement>('form')!.requestSubmit());
const typeName = async (name: string) => {
  const input = [...document.querySelectorAll<HTMLInputElement>('input[type=text], input:not([type])')].find((i) =>
    i.labels?.[0]?.textContent?.startsWith('Nimi'),
  )!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, name);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

it('offers every resource type by name, the six former ones ticked and messages and visits not, with a hint on messages', async () => {
  await open();
  expect(boxes().map((b) => [b.labels?.[0]?.querySelector('code')?.textContent, b.checked])).toEqual([
    ['Appointment', true],
    ['Slot', true],
    ['Schedule', true],
    ['Practitioner', true],
    ['Patient', true],
    ['QuestionnaireResponse', true],
    ['Communication', false],
    ['Encounter', false],
  ]);
  expect(box('Appointment').labels?.[0]?.textContent).toContain('Ajanvaraukset');
  expect(box('Communication').labels?.[0]?.textContent).toContain('Suojatut viestit');
  const hint = document.getElementById(box('Communication').getAttribute('aria-describedby')!);
  expect(hint?.textContent).toContain('suojattujen viestien tekstin');
  expect(box('Encounter').getAttribute('aria-describedby')).toBeNull();
});

it('sends the ticked scopes in the vocabulary’s order', async () => {
  const { sent, onCreated } = await open();
  await typeName('Viestiarkisto');
  await act(async () => box('Communication').click());
  await act(async () => box('Slot').click());
  await submit();
  await act(() => vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created)));
  expect(sent).toEqual([
    {
      name: 'Viestiarkisto',
      scopes: FORMER_API_CLIENT_SCOPES.filter((s) => s !== 'system/Slot.read').concat('system/Communication.read'),
    },
  ]);
});

it('refuses to create a client that may read nothing, saying so under the choices', async () => {
  const { sent } = await open();
  await typeName('Ei mitään');
  for (const b of boxes().filter((b) => b.checked)) await act(async () => b.click());
  await submit();
  await act(() => vi.waitFor(() => expect(document.body.textContent).toContain('Valitse vähintään yksi tietotyyppi.')));
  expect(document.querySelector('fieldset')?.getAttribute('aria-describedby')).toBe('api-client-scopes-error');
  expect(sent).toEqual([]);
});
