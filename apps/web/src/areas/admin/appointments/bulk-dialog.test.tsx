import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { BulkPreview } from '@prsp/contracts';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { actionOf, BulkDialog } from './bulk-dialog';

const ID = '5b1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10';
const OPEN = '6c2e4b63-7e8f-4d66-8b2f-1d4c6b3a0e21';
const START = Date.UTC(2026, 11, 2, 7, 0);
const item = (id: string, over: Partial<BulkPreview['items'][number]>) => ({
  id,
  status: 'booked' as const,
  kind: 'oneOnOne' as const,
  video: false,
  startTime: START,
  endTime: START + 30 * 60_000,
  expertName: 'Ritva Varaaja',
  patientName: 'Aino Virtanen',
  participantCount: 1,
  outcome: 'cancel' as const,
  reason: null,
  target: null,
  ...over,
});
const preview: BulkPreview = {
  fingerprint: 'abc',
  items: [item(ID, {}), item(OPEN, { status: 'open', patientName: null, participantCount: 0, outcome: 'skip', reason: 'notReserved' })],
  counts: { delete: 0, cancel: 1, move: 0, skip: 1 },
  recipients: 2,
};
const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });
const changed = () =>
  Response.json({ status: 'error', statusCode: 1332, errorKey: 'errors.bulkSelectionChanged', message: 'changed' }, { status: 409 });

it('the action made from the form: a cancel needs its message, a move its expert', () => {
  const draft = { message: '  Sairastunut ', toExpertId: '', unmovable: 'leave' as const };
  expect(actionOf('cancel', draft)).toEqual({ action: { kind: 'cancel', message: 'Sairastunut' }, errors: {} });
  expect(actionOf('cancel', { ...draft, message: ' ' }).errors).toEqual({ message: 'required' });
  expect(actionOf('move', draft).errors).toEqual({ toExpertId: 'required' });
  expect(actionOf('move', { ...draft, toExpertId: 'x', unmovable: 'cancel' }).action).toEqual({
    kind: 'move',
    toExpertId: 'x',
    unmovable: 'cancel',
    message: 'Sairastunut',
  });
  expect(actionOf('deleteOpenTimes', draft).action).toEqual({ kind: 'deleteOpenTimes' });
});

it('cancel: the message is required; the preview lists each row and why one is left; a change since answers with Preview again', async () => {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  let applyAnswer = changed;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
      if (url.endsWith('/bulk/preview')) return ok(preview);
      if (url.endsWith('/bulk/apply')) return applyAnswer();
      return ok([]);
    }),
  );
  const done = vi.fn();
  await mount(
    <BulkDialog
      kind="cancel"
      selection={{ by: 'ids', ids: [ID, OPEN] }}
      scopeText="2 riviä"
      experts={[]}
      onDone={done}
      onClose={() => undefined}
    />,
    { queryClient: true },
  );
  const form = document.querySelector<HTMLFormElement>('dialog form')!;
  await act(async () => form.requestSubmit());
  const textarea = form.querySelector('textarea')!;
  expect(textarea.getAttribute('aria-invalid')).toBe('true');
  expect(form.textContent).toContain('Pakollinen kenttä.');
  expect(sent).toEqual([]);

  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, 'Hoitaja on sairastunut.');
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => form.requestSubmit());
  const dialog = document.querySelector('dialog')!;
  await act(() => vi.waitFor(() => expect(dialog.querySelectorAll('.bulk-preview li')).toHaveLength(2)));
  expect(sent[0]).toEqual({
    url: '/api/admin/bookings/bulk/preview',
    body: { selection: { by: 'ids', ids: [ID, OPEN] }, action: { kind: 'cancel', message: 'Hoitaja on sairastunut.' } },
  });
  const rows = [...dialog.querySelectorAll('.bulk-preview li')].map((li) => li.textContent);
  expect(rows[0]).toContain('Aino Virtanen');
  expect(rows[0]).toContain('Perutaan');
  expect(rows[1]).toContain('Jää ennalleen (ei voimassa oleva varaus)');
  expect(dialog.querySelector('[role=status]')!.textContent).toContain('2 henkilöä saa kukin yhden sähköpostiviestin.');

  const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Vahvista peruutukset')!;
  await act(async () => confirm.click());
  await act(() => vi.waitFor(() => expect(dialog.querySelector('[role=alert]')?.textContent).toContain('muuttuneet esikatselun jälkeen')));
  expect(sent[1]).toMatchObject({ url: '/api/admin/bookings/bulk/apply', body: { fingerprint: 'abc' } });
  expect(done).not.toHaveBeenCalled();

  applyAnswer = () => ok({ counts: preview.counts, emails: 2 });
  const again = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Esikatsele uudelleen')!;
  await act(async () => again.click());
  await act(() =>
    vi.waitFor(() => expect([...dialog.querySelectorAll('button')].some((b) => b.textContent === 'Vahvista peruutukset')).toBe(true)),
  );
  await act(async () => [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Vahvista peruutukset')!.click());
  await act(() => vi.waitFor(() => expect(done).toHaveBeenCalledWith({ counts: preview.counts, emails: 2 })));
});
