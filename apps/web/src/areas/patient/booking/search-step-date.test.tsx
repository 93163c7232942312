import { act, useState } from 'react';
import { expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import '../patient-texts';
import type { SearchInput } from './booking-rules';
import { SearchStep } from './search-step';

// The browser draws a date field in its own language (an English Chromium shows 11/30/2026 on a Finnish page).
it('shows the chosen search date in words in the page’s language beside the date field, as its description', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: [] })),
  );
  function Host() {
    const [criteria, setCriteria] = useState<SearchInput>({ date: '2026-11-30', specialization: '' });
    return (
      <SearchStep
        today="2026-11-28"
        criteria={criteria}
        onCriteria={setCriteria}
        searched={null}
        onSearch={() => undefined}
        onLocked={() => undefined}
        focus={false}
      />
    );
  }
  const host = await mount(<Host />, { queryClient: true });
  const input = host.querySelector<HTMLInputElement>('input[type="date"]')!;
  const words = () => host.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!.split(' ')[0]!)}`);
  expect(words()?.textContent).toBe('maanantai 30.11.2026');

  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, '2026-12-06');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(words()?.textContent).toBe('sunnuntai 6.12.2026');
});
