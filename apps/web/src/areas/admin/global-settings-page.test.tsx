import { expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { NO_RIGHTS, PRESET_RIGHTS, type StaffUserData } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './admin-texts';
import './surveys/surveys-admin-texts';
import { adminMenu } from './admin-menu';
import { GlobalSettingsPage } from './global-settings-page';

const globalAdmin = (organisation: StaffUserData['organisation']): StaffUserData => ({
  id: 'u-1',
  firstName: 'Greta',
  lastName: 'Global',
  email: 'greta@example.fi',
  role: 'admin',
  isGlobalAdmin: true,
  language: 'fi',
  organisation,
  organisations: [],
  rights: organisation ? PRESET_RIGHTS.organisationAdmin : NO_RIGHTS,
});

const render = (user: StaffUserData) =>
  mount(
    <MemoryRouter>
      <GlobalSettingsPage user={user} />
    </MemoryRouter>,
  );

it("the global admin's 'global settings' menu opens a page of what is set for every organisation (spec §6, issue 30)", async () => {
  expect(adminMenu(NO_RIGHTS, true, false).at(-1)!.links[0]).toEqual({
    to: '/admin/globalSettings',
    labelKey: 'admin.menu.globalSettings',
  });
  const host = await render(globalAdmin({ id: 'o-1', name: 'Espoo' }));
  expect(host.querySelector('h1')!.textContent).toBe('Yleiset asetukset');
  expect([...host.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
    'Organisaatiot',
    'Käyttäjät kaikissa organisaatioissa',
    'Yhteiset kyselypohjat',
  ]);
  expect([...host.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Uusi organisaatio', '/admin/newOrganization'],
    ['Globaali käyttäjähallinta', '/admin/globalUsers'],
    ['Kyselyt', '/admin/surveys'],
  ]);
});

it('without a chosen organisation, says the survey list needs one instead of linking to it', async () => {
  const host = await render(globalAdmin(null));
  expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/admin/newOrganization', '/admin/globalUsers']);
  expect(host.textContent).toContain('Kyselylista avautuu, kun olet valinnut organisaation yläpalkista.');
});
