import { expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ServicesResponse } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ChatPage } from './chat-page';

const none: ServicesResponse = { appointments: [], openServices: [], chatCodeServices: [] };
vi.mock('../api/services-api', () => ({ useServices: () => ({ data: none, isError: false, error: null }) }));
vi.mock('../patient-state', () => ({
  usePatientContext: () => ({ phase: 'ready', state: { authenticated: true }, config: { logoutEnabled: true, htaConnectorUrl: null } }),
}));

it('a chat target that is none of the patient’s services goes back to service selection (spec §4, issue 30)', async () => {
  const host = await mount(
    <MemoryRouter initialEntries={['/chat/no-such-service']}>
      <Routes>
        <Route path="/chat/:serviceId" element={<ChatPage />} />
        <Route path="/services" element={<p id="services">Palvelut</p>} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(host.querySelector('#services')).not.toBeNull());
  expect(host.querySelector('dialog[open]')).toBeNull();
});
