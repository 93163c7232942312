import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '@/lib/format';
import { mount } from '@/test/mount';
import './guest-texts';
import { GuestLoginForm } from './guest-login-form';

afterEach(() => setDisplayTimeZone(undefined));

/** The form with the server answering every sign-in with `answer`; fills in an address and a PIN and continues. */
async function signInAnswered(answer: object, status: number) {
  setDisplayTimeZone('Europe/Helsinki');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer, { status })),
  );
  const host = await mount(<GuestLoginForm uuid="a1" />, { queryClient: true });
  const type = (id: string, value: string) => {
    const input = host.querySelector<HTMLInputElement>(`#${id}`)!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  type('guest-email', 'greta@example.com');
  type('guest-pin', '123456');
  await act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  return host;
}

describe('guest sign-in refused (spec §8 guest texts, issue 29)', () => {
  it('a locked-out guest is told there were too many tries, when to try again and to ask the organiser for a new PIN', async () => {
    const host = await signInAnswered(
      {
        status: 'error',
        statusCode: 102,
        errorKey: 'errors.signInLockedOut',
        message: 'x',
        retryAt: '2026-03-10T10:15:00.000Z',
      },
      429,
    );
    await vi.waitFor(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe(
        'Liian monta yritystä. Voit yrittää uudelleen klo 12.15. Jos et ole varma PIN-koodista, pyydä ajan järjestäjältä uusi PIN-koodi.',
      ),
    );
  });

  it('a wrong e-mail or PIN keeps the one answer that tells neither apart', async () => {
    const host = await signInAnswered({ status: 'error', statusCode: 101, errorKey: 'errors.notAuthenticated', message: 'x' }, 401);
    await vi.waitFor(() => expect(host.querySelector('[role="alert"]')?.textContent).toBe('Väärä sähköposti tai PIN-koodi'));
  });
});
