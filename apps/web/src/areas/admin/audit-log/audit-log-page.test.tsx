import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { AuditSearch, AuditSearchPage } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './audit-log-texts';
import { AuditLogPage } from './audit-log-page';

const searches: (AuditSearch | null)[] = [];
const downloads: AuditSearch[] = [];
let results: AuditSearchPage = {
  items: [
    {
      id: '1',
      at: '2026-03-16T08:25:00.000Z',
      actorType: 'staff',
      actorName: 'Eeva Asiantuntija',
      role: 'expert',
      roleText: 'Asiantuntija',
      action: 'appointment.read',
      actionText: 'Katsoi ajanvarausta',
      objectType: 'appointment',
      objectTypeText: 'Aika',
      objectId: 'a-1',
      patient: { id: 'p-1', name: 'Matti Korhonen' },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};
vi.mock('./audit-log-api', () => ({
  useAuditOptions: () => ({ data: { staff: [{ id: 's-1', name: 'Asiantuntija Eeva' }], actions: [] } }),
  useAuditSearch: (search: AuditSearch | null) => {
    searches.push(search);
    return { data: search ? results : undefined, isError: false, error: null, refetch: vi.fn() };
  },
  downloadAuditCsv: async (search: AuditSearch) => {
    downloads.push(search);
  },
}));

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

it('searches nothing until asked, then by the identity code in the body; the CSV is the same search', async () => {
  const host = await mount(<AuditLogPage />, { queryClient: true });
  expect(host.querySelector('h1')!.textContent).toBe('Tapahtumaloki');
  expect(searches.every((s) => s === null)).toBe(true);
  expect(host.querySelector('table')).toBeNull();
  const ssn = host.querySelector<HTMLInputElement>('input[name="ssn"]')!;
  expect(host.querySelector(`label[for="${ssn.id}"]`)!.textContent).toBe('Potilaan henkilötunnus');
  await act(async () => type(ssn, '150375-257R'));
  await act(async () => host.querySelector('form')!.requestSubmit());
  expect(searches.at(-1)).toEqual({ ssn: '150375-257R', page: 1, pageSize: 20 });
  const cells = [...host.querySelectorAll('tbody td')].map((td) => td.textContent);
  expect(cells.slice(1)).toEqual(['Eeva Asiantuntija', 'Asiantuntija', 'Katsoi ajanvarausta', 'Aikaa-1', 'Matti Korhonen']);
  const download = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Lataa CSV')!;
  await act(async () => download.click());
  expect(downloads).toEqual([{ ssn: '150375-257R', page: 1, pageSize: 20 }]);
});

it('a search that finds more rows than one download holds says to narrow it, and offers no download', async () => {
  results = { ...results, total: 50_001 };
  const host = await mount(<AuditLogPage />, { queryClient: true });
  await act(async () => host.querySelector('form')!.requestSubmit());
  const download = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Lataa CSV')!;
  expect(download.disabled).toBe(true);
  expect(host.querySelector('#audit-csv-hint')!.textContent).toMatch(/^Haku löytää yli 50 000 riviä: rajaa sitä/);
});
