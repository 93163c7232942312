import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import './expert-texts';
import { DesktopPage } from './desktop-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const flags = vi.hoisted(() => ({ remoteReceptionEnabled: true, bookingsEnabled: true, asyncMessagingEnabled: true }));
vi.mock('@/features/staff/staff-api', () => ({ useStaffUser: () => ({ data: { firstName: 'Eeva' } }) }));
vi.mock('./expert-api', () => ({ useExpertOrganisation: () => ({ data: { name: 'Vantaan etävastaanotto', flags } }) }));
vi.mock('./chat/chat-workspace', () => ({ ChatWorkspace: () => <section data-part="chats" /> }));
vi.mock('./chat/queue-panel', () => ({ QueuePanel: () => <section data-part="queues" /> }));

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <MemoryRouter>
        <DesktopPage />
      </MemoryRouter>,
    ),
  );
}

it('with remote reception the desk is the chats with the queues beside them, and the menu is not repeated as tiles', () => {
  render();
  const grid = host.querySelector('.desk-grid')!;
  expect([...grid.children].map((c) => c.getAttribute('data-part'))).toEqual(['chats', 'queues']);
  expect(host.querySelector('.tiles')).toBeNull();
  expect(host.querySelector('h1')!.textContent).toBe('Työpöytä');
});

it('without remote reception the desktop leads on with tiles', () => {
  flags.remoteReceptionEnabled = false;
  render();
  expect(host.querySelector('.desk-grid')).toBeNull();
  expect(host.querySelectorAll('.tiles a').length).toBeGreaterThan(0);
});
