import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { ChatHistoryItem } from '@prsp/contracts';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { AppointmentHistoryPage } from './appointment-history-page';

const walkIn: ChatHistoryItem = {
  channelId: 'c1',
  createdAt: Date.UTC(2026, 10, 20, 9, 0),
  endedAt: Date.UTC(2026, 10, 20, 9, 20),
  expertName: 'Eeva Asiantuntija',
  serviceName: { fi: 'Hoitajan chat', se: 'Sjukskötarens chatt', en: 'Nurse chat' },
  files: [],
  patientId: 'p1',
  patientName: 'Anna Potilas',
};

it('the contact history lists the walk-in chats beside the appointments and searches both by patient', async () => {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(`${url.pathname}${url.search}`);
      const page = { total: 0, page: 1, pageSize: 20, items: [] as unknown[] };
      if (url.pathname === '/api/expert/chat/history') Object.assign(page, { total: 1, items: [walkIn] });
      return Response.json({ status: 'ok', statusCode: 200, data: page });
    }),
  );
  const host = await mount(
    <MemoryRouter>
      <AppointmentHistoryPage />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(host.textContent).toContain('Anna Potilas'));
  expect([...host.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Ajanvaraukset', 'Chatit ilman ajanvarausta']);
  const row = host.querySelector('tbody tr')!;
  expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
    '20.11.2026 klo 09.00',
    'Anna Potilas',
    'Hoitajan chat',
    'Näytä keskustelu: Anna Potilas',
  ]);

  // A search by identity code goes to both lists (the server finds the code by its hash).
  const field = host.querySelector<HTMLInputElement>('form[role="search"] input')!;
  expect(host.querySelector(`label[for="${field.id}"]`)!.textContent).toBe('Potilas');
  const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setNative.call(field, ' 010190-124N ');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => host.querySelector<HTMLButtonElement>('form[role="search"] button[type="submit"]')!.click());
  await vi.waitFor(() => expect(urls.filter((u) => u.includes('patient=010190-124N'))).toHaveLength(2));
  expect(urls.some((u) => u.startsWith('/api/expert/appointment-history?') && u.includes('patient=010190-124N'))).toBe(true);
  expect(urls.some((u) => u.startsWith('/api/expert/chat/history?') && u.includes('patient=010190-124N'))).toBe(true);
});
