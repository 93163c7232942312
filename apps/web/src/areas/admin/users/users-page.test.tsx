import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PRESET_RIGHTS, type OrganisationUser, type StaffUserData } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { UsersPage } from './users-page';

const row: OrganisationUser = {
  id: 'u-2',
  firstName: 'Essi',
  lastName: 'Esimerkki',
  email: 'essi@example.fi',
  status: 'active',
  locked: false,
  lockedUntil: null,
  lastLogin: null,
  isGlobalAdmin: false,
  preset: 'booker',
  rights: PRESET_RIGHTS.booker,
};
const me: StaffUserData = {
  id: 'u-1',
  firstName: 'Anna',
  lastName: 'Admin',
  email: 'anna@example.fi',
  role: 'admin',
  isGlobalAdmin: false,
  language: 'fi',
  organisation: { id: 'o-1', name: 'Espoo' },
  organisations: [],
  rights: PRESET_RIGHTS.organisationAdmin,
};
const page = { data: { items: [row], total: 1, page: 1, pageSize: 20 }, isError: false };
const mutate = vi.fn();
vi.mock('./users-api', () => ({
  useOrganisationUsers: () => page,
  useGlobalUsers: () => page,
  useUserAction: () => ({ mutate, isPending: false, error: null }),
  actionLogUrl: (scope: string, id: string, lang: string) => `/api/admin/users/${id}/action-log?lang=${lang}&scope=${scope}`,
}));
afterEach(() => vi.restoreAllMocks());

const button = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement;

it("downloading a user's action log is confirmed first, like the other user actions (spec §6, issue 30)", async () => {
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('href')!);
  });
  const host = await mount(
    <MemoryRouter>
      <UsersPage scope="organisation" user={me} />
    </MemoryRouter>,
    { queryClient: true },
  );
  expect(host.querySelector('a[download]')).toBeNull();
  await act(async () => button(host, 'Lataa toimintaloki (CSV)').click());
  const dialog = host.querySelector<HTMLDialogElement>('dialog[open]')!;
  expect(dialog.querySelector('h2')!.textContent).toBe('Ladataanko toimintaloki?');
  expect(dialog.textContent).toContain('Käyttäjän Essi Esimerkki toimintaloki ladataan CSV-tiedostona.');
  expect(downloads).toEqual([]);
  await act(async () => button(dialog, 'Lataa toimintaloki (CSV)').click());
  expect(downloads).toEqual(['/api/admin/users/u-2/action-log?lang=fi&scope=organisation']);
  expect(host.querySelector('dialog[open]')).toBeNull();
  expect(mutate).not.toHaveBeenCalled();
});
