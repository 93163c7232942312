import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mount } from '@/test/mount';
import { setDisplayTimeZone } from '@/lib/format';
import '../patient-texts';
import { ChatCodeForm } from './chat-code-form';

describe('the chat code form', () => {
  it('tells from when a code that is not open yet is valid (202 with retryAt)', async () => {
    setDisplayTimeZone('Europe/Helsinki');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            status: 'error',
            statusCode: 202,
            errorKey: 'errors.codeNotOpenYet',
            message: 'Koodia ei voi vielä avata, tarkista päivä ja kellonaika.',
            retryAt: '2099-01-01T10:00:00.000Z',
          },
          { status: 400 },
        ),
      ),
    );
    const host = await mount(
      <MemoryRouter>
        <ChatCodeForm />
      </MemoryRouter>,
      { queryClient: true },
    );
    const input = host.querySelector('input')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(input, 'FUTURE2099');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await vi.waitFor(() => expect(host.querySelector('[role="alert"]')).not.toBeNull());
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'Chat-koodia ei voi vielä avata. Koodi on voimassa 1.1.2099 klo 12.00 alkaen.',
    );
    setDisplayTimeZone(undefined);
  });
});
