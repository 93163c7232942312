import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { AdminOrganisation } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { newOrganisationDraft } from './organisation-draft';
import { OrganisationPageForm } from './organisation-editor';

let host: HTMLElement;
const ID = '6f1c2f52-6d3e-4a43-9b59-0a4f3c0f0b11';
const { json, flags } = newOrganisationDraft();
const organisation: AdminOrganisation = {
  ...json,
  id: ID,
  slug: 'vantaa',
  clientId: 'prsp-0123456789abcdef',
  organizationName: 'Vantaan etävastaanotto',
  organizationNameSe: '',
  organizationNameEn: '',
  senderName: '',
  senderAddress: '',
  paymentNumber: '',
  contactPerson: 'Maija',
  contactPersonEmail: 'maija@vantaa.example',
  country: 'fi',
  organizationInfo: '',
  primaryColor: '#0b4f8a',
  secondaryColor: '#f2f6fa',
  endOfService: null,
  organisationType: 'internal',
  serviceUrl: '',
  dontShowOnListingEnabled: false,
  flags,
  additionalServicesInformation: '',
  services: [],
  chatTexts: json.chatTexts,
  dataSaving: { expertMonths: null, adminMonths: null, patientDays: null },
  retention: { expertDays: null, adminDays: null, patientDays: null },
  presenceIdleMinutes: 15,
  images: { logo: null, logoEn: null, logoSe: null, background: null },
};

async function open(canEdit: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: organisation })),
  );
  const page = (
    <OrganisationPageForm organisationId={ID} canEdit={canEdit} title="Organisaation asetukset" fields={{ text: ['organizationName'] }}>
      {(editor) => (
        <TextField
          label="Nimi"
          value={editor.draft.text.organizationName}
          onChange={(v) => editor.setText('organizationName', v)}
          error={editor.errors.organizationName}
        />
      )}
    </OrganisationPageForm>
  );
  const router = createMemoryRouter([{ path: '/', element: page }]);
  host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.querySelector('input')).not.toBeNull()));
}

it('the save is one bar kept at the bottom of the screen, saying whether there are unsaved changes (issue 28)', async () => {
  await open(true);
  const bar = host.querySelector<HTMLElement>('.save-bar')!;
  expect(bar.getAttribute('role')).toBe('region');
  expect(bar.getAttribute('aria-label')).toBe('Tallennus');
  // The only save of the page, after the last field.
  expect([...host.querySelectorAll('button[type=submit]')]).toEqual([bar.querySelector('button')]);
  expect(host.querySelector('input')!.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(bar.querySelector('[role=status]')!.textContent).toBe('Ei tallentamattomia muutoksia');
  expect(host.querySelector('form')!.classList.contains('has-save-bar')).toBe(true);

  const input = host.querySelector('input')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, 'Vantaan etävastaanotto 2');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(bar.classList.contains('dirty')).toBe(true);
  expect(bar.querySelector('[role=status]')!.textContent).toBe('Tallentamattomia muutoksia');
});

it('a view-only admin gets no save bar', async () => {
  await open(false);
  expect(host.querySelector('.save-bar')).toBeNull();
});
