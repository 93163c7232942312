import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PRESET_RIGHTS, type ApiClient, type StaffUserData } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './api-clients-texts';
import { ApiClientsPage } from './api-clients-page';

const clients: ApiClient[] = [
  {
    id: '3f1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
    name: 'Potilastietojärjestelmä',
    clientId: 'prsp-active',
    createdAt: '2026-11-01T08:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    scopes: ['system/Appointment.read', 'system/Communication.read'],
  },
  {
    id: '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12',
    name: 'Vanha integraatio',
    clientId: 'prsp-revoked',
    createdAt: '2026-10-01T08:00:00.000Z',
    lastUsedAt: '2026-10-02T08:00:00.000Z',
    revokedAt: '2026-10-03T08:00:00.000Z',
    scopes: ['system/Patient.read'],
  },
];

let host: HTMLElement;

/** Renders the page for an admin with the given service-settings rights, the server answering the two clients. */
async function render(rights: StaffUserData['rights']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: clients })),
  );
  const user = { rights } as StaffUserData;
  host = await mount(<ApiClientsPage user={user} />, { queryClient: true });
  // The list's answer lands inside act, so React settles before the checks.
  await act(() => vi.waitFor(() => expect(host.querySelectorAll('tbody tr')).toHaveLength(2)));
}

const buttons = () => [...host.querySelectorAll('button')].map((b) => b.textContent);

describe('the API clients page by right', () => {
  it('lets an editor create, and revoke the active client only', async () => {
    await render(PRESET_RIGHTS.organisationAdmin);
    expect(buttons()).toEqual(['Luo asiakas', 'Mitätöi']);
    expect(host.querySelector('button[aria-label="Mitätöi asiakas Potilastietojärjestelmä"]')).not.toBeNull();
    expect(host.textContent).toContain('Ei koskaan');
    expect(host.textContent).toContain('Mitätöity');
  });

  it('shows a view-only admin the list without the create and revoke buttons or the actions column', async () => {
    await render(PRESET_RIGHTS.operationalAdmin);
    expect(buttons()).toEqual([]);
    expect([...host.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Nimi',
      'Asiakastunnus',
      'Saa lukea',
      'Luotu',
      'Viimeksi käytetty',
      'Tila',
    ]);
    expect(host.textContent).toContain('prsp-active');
  });

  it('names what each client may read', async () => {
    await render(PRESET_RIGHTS.operationalAdmin);
    const scopes = [...host.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('.api-client-scopes li')].map((li) => li.textContent),
    );
    expect(scopes).toEqual([['Ajanvaraukset', 'Suojatut viestit'], ['Potilaat ja heidän henkilötunnuksensa']]);
  });
});
