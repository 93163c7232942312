import { act } from 'react';
import { expect, it, vi } from 'vitest';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { defaultFilters } from './booking-filters';
import { BulkBar } from './bulk-bar';

const EXPERT = '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12';
const experts = [{ id: EXPERT, name: 'Ritva Varaaja', specializations: ['nurse'] }];

it('the bar says how many rows are ticked (politely), acts on them or on the filters’ day, and opens the preview dialog', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: [] })),
  );
  const noDay = { ...defaultFilters('2026-12-02'), from: '' };
  const host = await mount(<BulkBar ticked={new Set()} filters={noDay} experts={experts} onDone={() => undefined} />, {
    queryClient: true,
  });
  const region = host.querySelector('section[aria-labelledby]')!;
  expect(document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent).toBe('Joukkotoiminnot');
  const count = region.querySelector('[aria-live=polite]')!;
  expect(count.textContent).toBe('0 riviä valittu');
  const [rows, filters] = [...region.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  // Nothing ticked and no day in the filters: nothing to act on.
  expect(rows!.checked).toBe(true);
  expect(filters!.disabled).toBe(true);
  expect(filters!.labels?.[0]?.textContent).toContain('valitse suodattimista alkupäivä');
  const buttons = [...region.querySelectorAll<HTMLButtonElement>('.actions button')];
  expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
    ['Poista avoimet ajat', true],
    ['Peru varaukset viestillä', true],
    ['Siirrä toiselle asiantuntijalle', true],
  ]);

  await act(async () => {
    host.remove();
  });
  const day = { ...defaultFilters('2026-12-02'), expertId: EXPERT };
  const again = await mount(<BulkBar ticked={new Set(['a', 'b'])} filters={day} experts={experts} onDone={() => undefined} />, {
    queryClient: true,
  });
  const bar = again.querySelector('section')!;
  expect(bar.querySelector('[aria-live=polite]')!.textContent).toBe('2 riviä valittu');
  const scope = [...bar.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  expect(scope.map((r) => r.labels?.[0]?.textContent)).toEqual([
    'Valitut rivit (2)',
    'Suodattimien päivä tai jakso: Ritva Varaaja, 2.12.2026',
  ]);
  await act(async () => scope[1]!.click());
  await act(async () => [...bar.querySelectorAll<HTMLButtonElement>('.actions button')][2]!.click());
  const dialog = document.querySelector('dialog')!;
  expect(dialog.querySelector('h2')!.textContent).toBe('Siirrä varaukset toiselle asiantuntijalle');
  expect(dialog.textContent).toContain('Suodattimien päivä tai jakso: Ritva Varaaja, 2.12.2026');
});
