import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { NewMessagePage } from './new-message-page';

it('an identity code of a known patient fills in the name, e-mail and phone of a new message (issue 28)', async () => {
  const lookups: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.includes('/patients/lookup')) return Response.json({ status: 'ok', statusCode: 200, data: [] });
      lookups.push(url);
      const data = { firstName: 'Matti', lastName: 'Korhonen', email: 'matti@test.example', mobile: '0401234567' };
      return Response.json({ status: 'ok', statusCode: 200, data });
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <NewMessagePage /> }]);
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  const field = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    field('ssn').focus();
    setNative.call(field('ssn'), '150375-257R');
    field('ssn').dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => field('ssn').blur());
  await act(() => vi.waitFor(() => expect(field('name').value).toBe('Matti Korhonen')));
  expect(field('email').value).toBe('matti@test.example');
  expect(field('mobile').value).toBe('0401234567');
  expect(host.querySelector('[role=status]')?.textContent).toBe('Potilas löytyi: nimi ja yhteystiedot täytettiin.');
  expect(lookups).toEqual(['/api/expert/patients/lookup']);
});
