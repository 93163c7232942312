import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { PRESET_RIGHTS, type EmailTemplate, type StaffUserData } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { TemplateEditorPage } from './template-editor-page';

let host: HTMLElement;
const admin: StaffUserData = {
  id: 'u-1',
  firstName: 'Aila',
  lastName: 'Ylläpitäjä',
  email: 'aila@vantaa.example',
  role: 'admin',
  isGlobalAdmin: false,
  language: 'fi',
  organisation: null,
  organisations: [],
  rights: PRESET_RIGHTS.organisationAdmin,
};

const template = (kind: EmailTemplate['kind'], language: EmailTemplate['language']): EmailTemplate => ({
  id: null,
  kind,
  language,
  source: 'default',
  senderName: '',
  senderAddress: '',
  inheritedSender: { name: 'Vantaan etävastaanotto', address: 'etavastaanotto@vantaa.example' },
  title: 'Otsikko',
  content: 'Hei {{firstName}}! {{link}}',
  tags: ['firstName', 'link'],
  updatedAt: null,
});

async function start(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/preview'))
        return Response.json({
          status: 'ok',
          statusCode: 200,
          data: { subject: 'Otsikko', text: '', html: '', missingTags: [], unknownTags: [] },
        });
      return Response.json({
        status: 'ok',
        statusCode: 200,
        data: { templates: [template('registration', 'fi'), template('registration', 'se')] },
      });
    }),
  );
  const page = <TemplateEditorPage user={admin} />;
  const router = createMemoryRouter(
    [
      { path: '/admin/templateEditor', element: page },
      { path: '/admin/templateEditor/:kind/:language', element: page },
    ],
    { initialEntries: [path] },
  );
  host = await mount(<RouterProvider router={router} />, { queryClient: true });
  return router;
}

const heading = () => host.querySelector('h1')?.textContent;
const dialogOpen = () => [...document.querySelectorAll('dialog')].some((d) => d.open && d.textContent?.includes('Tallentamattomia'));
async function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const subjectField = () =>
  [...host.querySelectorAll<HTMLInputElement>('input')].find((i) => i.labels?.[0]?.textContent?.startsWith('Otsikko'))!;

it('each template has its own address: the list links to it, and the address opens it (issue 28)', async () => {
  const router = await start('/admin/templateEditor');
  await act(() => vi.waitFor(() => expect(host.querySelectorAll('tbody tr')).toHaveLength(2)));
  const links = [...host.querySelectorAll<HTMLAnchorElement>('tbody a')].map((a) => a.getAttribute('href'));
  expect(links).toEqual(['/admin/templateEditor/registration/fi', '/admin/templateEditor/registration/se']);
  await act(async () => host.querySelectorAll<HTMLAnchorElement>('tbody a')[1]!.click());
  expect(router.state.location.pathname).toBe('/admin/templateEditor/registration/se');
  await act(() => vi.waitFor(() => expect(heading()).toContain('Svenska')));
});

it('unsaved edits are warned about on "Takaisin pohjiin", the back button and closing the tab (spec §4)', async () => {
  const router = await start('/admin/templateEditor/registration/fi');
  await act(() => vi.waitFor(() => expect(subjectField()).toBeDefined()));
  await typeInto(subjectField(), 'Uusi otsikko');

  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  expect(unload.defaultPrevented).toBe(true);

  const back = [...host.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Takaisin pohjiin')!;
  await act(async () => back.click());
  expect(dialogOpen()).toBe(true);
  expect(router.state.location.pathname).toBe('/admin/templateEditor/registration/fi');
  await act(async () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Jää sivulle')!.click());
  expect(subjectField().value).toBe('Uusi otsikko');

  await act(async () => void router.navigate('/admin/templateEditor'));
  expect(dialogOpen()).toBe(true);
  await act(async () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Poistu tallentamatta')!.click());
  expect(router.state.location.pathname).toBe('/admin/templateEditor');
});

it('an address that names no template is not found', async () => {
  await start('/admin/templateEditor/noSuchKind/fi');
  await act(() => vi.waitFor(() => expect(host.textContent).toMatch(/ei löytynyt|not found/i)));
});

it('at 360 px the list is cards: the table stacks and every cell carries its column name, "Muokkaa" among them (issue 28)', async () => {
  await start('/admin/templateEditor');
  await act(() => vi.waitFor(() => expect(host.querySelectorAll('tbody tr')).toHaveLength(2)));
  const table = host.querySelector('table')!;
  expect(table.classList.contains('stack')).toBe(true);
  expect(table.style.getPropertyValue('--col-6')).toBe('"Toiminnot"');
});

it('resetting to the default goes back to the list without asking about unsaved changes', async () => {
  const custom = { ...template('registration', 'fi'), id: '3e1f9a4b-6d85-4f4e-8b3a-9c4d5e6f7a81', source: 'custom' as const };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/preview'))
        return Response.json({
          status: 'ok',
          statusCode: 200,
          data: { subject: 'Otsikko', text: '', html: '', missingTags: [], unknownTags: [] },
        });
      if (init?.method === 'DELETE') return Response.json({ status: 'ok', statusCode: 200, data: template('registration', 'fi') });
      return Response.json({ status: 'ok', statusCode: 200, data: { templates: [custom] } });
    }),
  );
  const page = <TemplateEditorPage user={admin} />;
  const router = createMemoryRouter(
    [
      { path: '/admin/templateEditor', element: page },
      { path: '/admin/templateEditor/:kind/:language', element: page },
    ],
    { initialEntries: ['/admin/templateEditor/registration/fi'] },
  );
  host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(subjectField()).toBeDefined()));
  await typeInto(subjectField(), 'Muutettu');
  const buttons = () => [...document.querySelectorAll('button')];
  await act(async () =>
    buttons()
      .find((b) => b.textContent === 'Palauta oletus')!
      .click(),
  );
  const confirm = [...document.querySelectorAll('dialog')].find((d) => d.open)!;
  await act(async () => [...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Palauta oletus')!.click());
  await act(() => vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/templateEditor')));
  expect(dialogOpen()).toBe(false);
});
