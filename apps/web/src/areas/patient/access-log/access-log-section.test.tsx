import { expect, it, vi } from 'vitest';
import type { AccessLogPage } from '@prsp/contracts';
import { mount } from '@/test/mount';
import { AccessLogSection } from './access-log-section';

const state: { data: AccessLogPage | undefined } = { data: undefined };
const pages: number[] = [];
vi.mock('./access-log-api', () => ({
  ACCESS_LOG_PAGE_SIZE: 10,
  useAccessLog: (page: number) => {
    pages.push(page);
    return { data: state.data, isError: false, error: null, refetch: vi.fn() };
  },
}));

const entry = {
  at: '2026-03-16T08:25:00.000Z',
  firstAt: '2026-03-16T08:15:00.000Z',
  count: 3,
  readerName: 'Eeva Asiantuntija',
  role: 'expert' as const,
  roleText: 'Sairaanhoitaja',
  organisation: { fi: 'Espoon etävastaanotto', se: 'Esbo distansmottagning', en: 'Espoo remote clinic' },
  action: 'appointment.read',
  actionText: 'avasi ajanvarauksesi',
};

it('lists who read what and when under headings, a merged line with its count and span, and pages on', async () => {
  state.data = { items: [entry], total: 25, page: 1, pageSize: 10 };
  const host = await mount(<AccessLogSection />, { queryClient: true });
  expect(host.querySelector('h2')!.textContent).toBe('Kuka on käyttänyt tietojani');
  expect([...host.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Milloin', 'Kuka', 'Rooli', 'Organisaatio', 'Mitä']);
  const cells = [...host.querySelectorAll('tbody td')].map((td) => td.textContent);
  expect(cells.slice(1)).toEqual(['Eeva Asiantuntija', 'Sairaanhoitaja', 'Espoon etävastaanotto', 'avasi ajanvarauksesi']);
  expect(cells[0]).toContain('3 kertaa');
  expect(host.querySelector('time')!.getAttribute('datetime')).toBe(entry.at);
  expect(host.querySelector('nav.pager')).not.toBeNull();
});

it('says so when nobody has read anything', async () => {
  state.data = { items: [], total: 0, page: 1, pageSize: 10 };
  const host = await mount(<AccessLogSection />, { queryClient: true });
  expect(host.querySelector('.empty')!.textContent).toBe('Kukaan ei ole vielä avannut tietojasi.');
  expect(host.querySelector('table')).toBeNull();
});

it('reads within one minute say the minute once, not a span from it to itself', async () => {
  state.data = {
    items: [{ ...entry, firstAt: '2026-03-16T08:25:10.000Z', at: '2026-03-16T08:25:40.000Z', count: 5 }],
    total: 1,
    page: 1,
    pageSize: 10,
  };
  const host = await mount(<AccessLogSection />, { queryClient: true });
  expect(host.querySelector('.access-log-times')!.textContent).toMatch(/^5 kertaa klo \d\d\.25$/);
});
