import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import { VisitNotesPanel } from './visit-notes-panel';

type Call = { method: string; path: string; search: string; body?: unknown };

/** The panel for visit c1; the server answers the note (or `noteStatus`) and the summary's text; every call is kept. */
async function render(opts: { note?: string; noteStatus?: number; putFails?: boolean } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname.endsWith('/summary.txt')) return new Response('Käyntiyhteenveto\n', { headers: { 'content-type': 'text/plain' } });
      if (opts.noteStatus)
        return Response.json(
          { status: 'error', statusCode: opts.noteStatus, errorKey: 'errors.notFound', message: 'x' },
          { status: opts.noteStatus },
        );
      if (method === 'PUT') {
        if (opts.putFails)
          return Response.json({ status: 'error', statusCode: 500, errorKey: 'errors.processing', message: 'x' }, { status: 500 });
        const text = (JSON.parse(String(init!.body)) as { text: string }).text;
        return Response.json({ status: 'ok', statusCode: 200, data: { text: text.trim() ? text : '', updatedAt: text.trim() ? 1 : null } });
      }
      return Response.json({ status: 'ok', statusCode: 200, data: { text: opts.note ?? '', updatedAt: opts.note ? 1 : null } });
    }),
  );
  await mount(<VisitNotesPanel channelId="c1" />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(document.querySelector('textarea') ?? document.body.textContent === '').toBeTruthy()));
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

async function type(area: HTMLTextAreaElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;
const statuses = () => [...document.querySelectorAll('[role="status"]')].map((s) => s.textContent);

it('shows the own note in a labelled text box, saves it with PUT and says it was saved', async () => {
  const calls = await render({ note: 'Aiempi muistiinpano' });
  const area = document.querySelector<HTMLTextAreaElement>('textarea')!;
  expect(document.querySelector(`label[for="${area.id}"]`)?.textContent).toBe('Muistiinpano käynnistä');
  expect(area.value).toBe('Aiempi muistiinpano');
  expect([...document.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['Oma muistiinpano', 'Käyntiyhteenveto']);
  await type(area, 'Soitto huomenna.');
  await act(async () => button('Tallenna muistiinpano').click());
  await act(() => vi.waitFor(() => expect(statuses()).toContain('Muistiinpano tallennettu.')));
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([
    { method: 'PUT', path: '/api/expert/chat/channels/c1/note', search: '', body: { text: 'Soitto huomenna.' } },
  ]);
  // The text box keeps what was saved.
  expect(document.querySelector<HTMLTextAreaElement>('textarea')!.value).toBe('Soitto huomenna.');
});

it('an emptied note is deleted; a failed save says so; a note over 10,000 characters cannot be saved', async () => {
  await render({ note: 'Poistettava' });
  const area = document.querySelector<HTMLTextAreaElement>('textarea')!;
  await type(area, '');
  await act(async () => button('Tallenna muistiinpano').click());
  await act(() => vi.waitFor(() => expect(statuses()).toContain('Muistiinpano poistettu.')));
  await type(area, 'x'.repeat(10_001));
  expect(button('Tallenna muistiinpano').disabled).toBe(true);
  expect(document.body.textContent).toContain('Muistiinpano on liian pitkä: 10001 merkkiä, enintään 10 000.');
});

it('a failed save is said in the status', async () => {
  await render({ putFails: true });
  await type(document.querySelector<HTMLTextAreaElement>('textarea')!, 'Jotain');
  await act(async () => button('Tallenna muistiinpano').click());
  await act(() => vi.waitFor(() => expect(statuses()).toContain('Muistiinpanon tallennus epäonnistui. Yritä uudelleen.')));
});

it('the PDF link and the copied text ask for the full identity code only when the box is ticked', async () => {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const calls = await render();
  const link = [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Lataa PDF')!;
  expect(link.getAttribute('href')).toBe('/api/expert/chat/channels/c1/summary.pdf?lang=fi');
  expect(link.hasAttribute('download')).toBe(true);
  const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  expect(document.querySelector(`label[for="${box.id}"]`)?.textContent).toContain('Sisällytä koko henkilötunnus');
  await act(async () => box.click());
  expect(link.getAttribute('href')).toBe('/api/expert/chat/channels/c1/summary.pdf?lang=fi&identityCode=full');
  await act(async () => button('Kopioi tekstinä').click());
  await act(() => vi.waitFor(() => expect(statuses()).toContain('Yhteenveto kopioitu leikepöydälle.')));
  expect(writeText).toHaveBeenCalledWith('Käyntiyhteenveto\n');
  expect(calls.find((c) => c.path.endsWith('/summary.txt'))).toMatchObject({ search: '?lang=fi&identityCode=full' });
});

it('shows nothing for a visit the expert did not serve (404)', async () => {
  await render({ noteStatus: 404 });
  await act(() => vi.waitFor(() => expect(document.querySelector('.visit-notes')).toBeNull()));
  expect(document.querySelector('textarea')).toBeNull();
});
