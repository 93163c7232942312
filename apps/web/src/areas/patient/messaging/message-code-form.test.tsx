import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mount } from '@/test/mount';
import { setDisplayTimeZone } from '@/lib/format';
import '../patient-texts';
import { MessageCodeForm } from './message-code-form';

it('tells from when a message code that is not open yet is valid (202 with retryAt), in the product’s time format', async () => {
  setDisplayTimeZone('Europe/Helsinki');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        {
          status: 'error',
          statusCode: 202,
          errorKey: 'errors.codeNotOpenYet',
          message: 'Koodia ei voi vielä avata.',
          retryAt: '2099-01-01T10:00:00.000Z',
        },
        { status: 400 },
      ),
    ),
  );
  const host = await mount(
    <MemoryRouter>
      <MessageCodeForm />
    </MemoryRouter>,
    { queryClient: true },
  );
  const input = host.querySelector('input')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, 'FUTURECODE');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await vi.waitFor(() => expect(host.querySelector('[role="alert"]')).not.toBeNull());
  const alert = host.querySelector('[role="alert"]')!;
  expect(alert.textContent).toBe('Viestikoodia ei voi vielä käyttää. Koodi on voimassa 1.1.2099 klo 12.00 alkaen.');
  expect(alert.className).toBe('field-warning');
  expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  setDisplayTimeZone(undefined);
});
