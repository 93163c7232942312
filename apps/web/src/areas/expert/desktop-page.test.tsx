import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import './expert-texts';
import { DesktopPage } from './desktop-page';

const flags = vi.hoisted(() => ({ remoteReceptionEnabled: true, bookingsEnabled: true, asyncMessagingEnabled: true }));
vi.mock('@/features/staff/staff-api', () => ({ useStaffUser: () => ({ data: { firstName: 'Eeva' } }) }));
vi.mock('./expert-api', () => ({ useExpertOrganisation: () => ({ data: { name: 'Vantaan etävastaanotto', flags } }) }));
vi.mock('./chat/chat-workspace', () => ({ ChatWorkspace: () => <section data-part="chats" /> }));
vi.mock('./chat/queue-panel', () => ({ QueuePanel: () => <section data-part="queues" /> }));

let host: HTMLElement;
async function render() {
  host = await mount(
    <MemoryRouter>
      <DesktopPage />
    </MemoryRouter>,
  );
}

it('with remote reception the desk is the chats with the queues beside them, and the menu is not repeated as tiles', async () => {
  await render();
  const grid = host.querySelector('.desk-grid')!;
  expect([...grid.children].map((c) => c.getAttribute('data-part'))).toEqual(['chats', 'queues']);
  expect(host.querySelector('.tiles')).toBeNull();
  expect(host.querySelector('h1')!.textContent).toBe('Työpöytä');
});

it('without remote reception the desktop leads on with tiles', async () => {
  flags.remoteReceptionEnabled = false;
  await render();
  expect(host.querySelector('.desk-grid')).toBeNull();
  expect(host.querySelectorAll('.tiles a').length).toBeGreaterThan(0);
});
