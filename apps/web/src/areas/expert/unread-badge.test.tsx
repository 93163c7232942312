import { expect, it } from 'vitest';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import './expert-texts';
import { MenuDisclosure } from '@/components/ui/menu';
import { PageTitleOrganisation, usePageTitle } from '@/lib/use-page-title';
import { MainMenuLabel } from './unread-badge';

let host: HTMLElement;
function Desk() {
  usePageTitle('Työpöytä');
  return null;
}

async function render(unread: number) {
  host = await mount(
    <PageTitleOrganisation name="Vantaan etävastaanotto" unread={unread}>
      <MenuDisclosure label={<MainMenuLabel unread={unread} />}>
        <a href="/expert/messages/inbox">Saapuneet (2)</a>
      </MenuDisclosure>
      <Desk />
    </PageTitleOrganisation>,
  );
}

it('what waits unread shows on the closed menu’s button and first in the tab’s title', async () => {
  await render(2);
  const summary = host.querySelector('summary')!;
  expect(host.querySelector('details')!.open).toBe(false);
  expect(summary.querySelector('.menu-badge [aria-hidden]')!.textContent).toBe('2');
  expect(summary.textContent).toBe('Valikko22 lukematonta');
  expect(document.title).toBe('(2) Työpöytä – Vantaan etävastaanotto');
});

it('nothing unread: no badge, a plain title', async () => {
  await render(0);
  expect(host.querySelector('.menu-badge')).toBeNull();
  expect(document.title).toBe('Työpöytä – Vantaan etävastaanotto');
});
