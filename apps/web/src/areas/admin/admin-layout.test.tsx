import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { PRESET_RIGHTS, type StaffUserData } from '@prsp/contracts';
import { staffKeys } from '@/features/staff/staff-api';
import { mount } from '@/test/mount';
import '@/features/staff/staff-texts';
import './admin-texts';
import { AdminLayout } from './admin-layout';

const vantaa = { id: 'org-1', name: 'Vantaan etävastaanotto' };
const admin: StaffUserData = {
  id: 'u-1',
  firstName: 'Aila',
  lastName: 'Ylläpitäjä',
  email: 'aila@vantaa.example',
  role: 'admin',
  isGlobalAdmin: false,
  language: 'fi',
  organisation: vantaa,
  organisations: [vantaa, { id: 'org-2', name: 'Vanda' }],
  rights: PRESET_RIGHTS.organisationAdmin,
};

it('on a phone the organisation, its change button and the languages are in the main menu, not in the header (issue 28)', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: {} })),
  );
  const client = new QueryClient();
  client.setQueryData(staffKeys.userData('admin'), admin);
  const router = createMemoryRouter([{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <p /> }] }], {
    initialEntries: ['/admin'],
  });
  const host = await mount(<RouterProvider router={router} />, { queryClient: client });
  const header = host.querySelector('header')!;
  const menu = [...header.querySelectorAll('details')].find((d) => d.querySelector('summary')?.textContent?.includes('Valikko'))!;
  const inMenu = menu.querySelector('.phone-only')!;
  expect(inMenu.textContent).toContain('Organisaatio: Vantaan etävastaanotto');
  expect(inMenu.querySelector('nav.language-switcher')).not.toBeNull();
  expect([...inMenu.querySelectorAll('button')].map((b) => b.textContent)).toContain('Vaihda organisaatio');
  // Outside the menu the same tools are for wide screens only.
  const outside = [...header.querySelectorAll('.org-name, nav.language-switcher')].filter((e) => !menu.contains(e));
  expect(outside.length).toBe(2);
  for (const e of outside) expect(e.closest('.wide-only')).not.toBeNull();

  // The stylesheet hides each on the other screen size.
  const css = readFileSync(`${process.cwd()}/apps/web/src/styles/staff.css`, 'utf8').replace(/\s+/g, ' ');
  expect(css).toContain('@media (max-width: 767px) { .wide-only { display: none !important; }');
  expect(css).toContain('@media (min-width: 768px) { .phone-only { display: none !important; }');
});
