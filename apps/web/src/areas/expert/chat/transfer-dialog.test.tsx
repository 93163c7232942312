import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import '../expert-texts';
import { TransferDialog } from './transfer-dialog';

const SANNA = '6a1f0c52-8d7e-4b55-9a1e-0c3b5a2f9d11';
const PEKKA = '7b2a1d63-9e8f-4c66-8b2f-1d4c6b3a0e22';
const targets = {
  queues: [{ id: 'espoo-doctor', name: 'Lääkärin chat' }],
  experts: [
    { id: SANNA, name: 'Sanna Hoitaja', online: true },
    { id: PEKKA, name: 'Pekka Lääkäri', online: false },
  ],
};

/** The dialog for chat c1, the targets answered by the server; what was posted to the transfer route, in order. */
async function render() {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') posted.push({ path, body: JSON.parse(String(init.body)) });
      return Response.json({ status: 'ok', statusCode: 200, data: path.endsWith('/transfer-targets') ? targets : {} });
    }),
  );
  const onClose = vi.fn();
  await mount(<TransferDialog open channelId="c1" onClose={onClose} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(document.querySelector('dialog[open] form')).not.toBeNull()));
  const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
  const radio = (name: string) =>
    [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.closest('label')!.textContent!.startsWith(name))!;
  const submit = [...dialog.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((b) => b.textContent === 'Siirrä chat')!;
  return { dialog, radio, submit, posted, onClose };
}

async function type(area: HTMLTextAreaElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('names every target, says which expert is online, and that the chosen one accepts the chat', async () => {
  const { dialog, radio, submit } = await render();
  expect(dialog.querySelector('h2, h1')?.textContent).toBe('Siirrä chat');
  const legends = [...dialog.querySelectorAll('legend')].map((l) => l.textContent);
  expect(legends).toEqual(['Jonoon', 'Ammattilaiselle']);
  expect(radio('Lääkärin chat').closest('label')!.textContent).toBe('Lääkärin chat');
  expect(radio('Sanna Hoitaja').closest('label')!.textContent).toBe('Sanna Hoitajapaikalla');
  expect(radio('Sanna Hoitaja').closest('label')!.querySelector('.presence')!.className).toBe('presence online');
  expect(radio('Pekka Lääkäri').closest('label')!.querySelector('.presence')!.textContent).toBe('ei paikalla');
  expect(dialog.textContent).toContain('Ammattilainen ottaa chatin vastaan; siihen asti potilas odottaa.');
  // Nothing is sent before a target is chosen.
  expect(submit.disabled).toBe(true);
});

it('sends the chosen expert and the note (trimmed), which the patient does not see; then closes', async () => {
  const { dialog, radio, submit, posted, onClose } = await render();
  const note = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
  expect(dialog.querySelector(`label[for="${note.id}"]`)?.textContent).toBe('Viesti vastaanottajalle (valinnainen)');
  expect(dialog.textContent).toContain('Potilas ei näe viestiä. Enintään');
  await act(async () => radio('Sanna Hoitaja').click());
  await type(note, '  Kysyy reseptistä, allergia penisilliinille.  ');
  expect(submit.disabled).toBe(false);
  await act(async () => submit.click());
  await act(() => vi.waitFor(() => expect(onClose).toHaveBeenCalled()));
  expect(posted).toEqual([
    { path: '/api/expert/chat/channels/c1/transfer', body: { expertId: SANNA, note: 'Kysyy reseptistä, allergia penisilliinille.' } },
  ]);
});

it('to a queue without a note, the request names only the queue', async () => {
  const { radio, submit, posted } = await render();
  await act(async () => radio('Lääkärin chat').click());
  await act(async () => submit.click());
  await act(() => vi.waitFor(() => expect(posted).toHaveLength(1)));
  expect(posted[0]).toEqual({ path: '/api/expert/chat/channels/c1/transfer', body: { queueId: 'espoo-doctor' } });
});
