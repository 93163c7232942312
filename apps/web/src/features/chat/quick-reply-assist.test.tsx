import { act, useState } from 'react';
import { beforeAll, expect, it, vi } from 'vitest';
import en from '@/locales/en/expert.json';
import fi from '@/locales/fi/expert.json';
import sv from '@/locales/sv/expert.json';
import qen from '@/locales/en/quick-replies.json';
import qfi from '@/locales/fi/quick-replies.json';
import qsv from '@/locales/sv/quick-replies.json';
import { addAreaTexts } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { ChatComposer } from './chat-composer';
import type { ComposerQuickReply } from './quick-reply-assist';

// The expert's texts (prefix `expert.chat`) and the quick replies', as the expert area brings them.
addAreaTexts({ fi, se: sv, en });
addAreaTexts({ fi: qfi, se: qsv, en: qen });

const REPLIES: ComposerQuickReply[] = [
  { id: '1', shortcut: 'tervetuloa', title: 'Tervehdys', text: 'Tervetuloa chattiin!', scope: 'organisation' },
  { id: '2', shortcut: 'terveys', title: 'Terveysneuvonta', text: 'Soita terveysneuvontaan.', scope: 'own' },
  { id: '3', shortcut: 'kiitos', title: 'Lopetus', text: 'Kiitos yhteydenotosta.', scope: 'organisation' },
];

beforeAll(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => {
    f(0);
    return 0;
  });
  Element.prototype.scrollIntoView ??= () => undefined;
});

async function type(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(area, value);
    area.setSelectionRange(value.length, value.length);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (area: HTMLTextAreaElement, k: string) =>
  act(async () => {
    area.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

async function composer(onSend = vi.fn(), quickReplies: ComposerQuickReply[] | null = REPLIES) {
  const host = await mount(
    <ChatComposer
      onSend={onSend}
      onTyping={() => undefined}
      onUpload={async () => undefined}
      prefix="expert.chat"
      quickReplies={quickReplies ?? undefined}
    />,
  );
  return { host, area: host.querySelector('textarea')!, onSend };
}

it('/ and a shortcut offer the matches in a listbox the textarea points into; arrows move, Enter inserts without sending', async () => {
  const { host, area, onSend } = await composer();
  await type(area, 'Hei /ter');
  const list = host.querySelector('[role="listbox"]')!;
  expect([...list.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
    '/tervetuloa Tervehdys',
    '/terveys Terveysneuvonta (oma)',
  ]);
  expect(area.getAttribute('aria-controls')).toBe(list.id);
  const first = area.getAttribute('aria-activedescendant')!;
  expect(document.getElementById(first)!.getAttribute('aria-selected')).toBe('true');
  await key(area, 'ArrowDown');
  expect(area.getAttribute('aria-activedescendant')).not.toBe(first);
  await key(area, 'Enter');
  expect(area.value).toBe('Hei Soita terveysneuvontaan.');
  expect(onSend).not.toHaveBeenCalled();
  expect(host.querySelector('[role="listbox"]')).toBeNull();
  expect(area.hasAttribute('aria-activedescendant')).toBe(false);
});

it('Tab inserts too; Escape closes the list and Enter then sends as ever', async () => {
  const { host, area, onSend } = await composer();
  await type(area, '/kii');
  await key(area, 'Tab');
  expect(area.value).toBe('Kiitos yhteydenotosta.');
  await type(area, '/ter');
  await key(area, 'Escape');
  expect(host.querySelector('[role="listbox"]')).toBeNull();
  await key(area, 'Enter');
  expect(onSend).toHaveBeenCalledWith('/ter');
});

it('the picker lists every reply and inserts the one chosen', async () => {
  const { host, area } = await composer();
  await type(area, 'Alku ');
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Pikavastaukset')!;
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await act(async () => button.click());
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const choice = [...host.querySelectorAll('.quick-reply-panel button')].find((b) => b.textContent?.startsWith('/kiitos'))!;
  await act(async () => (choice as HTMLButtonElement).click());
  expect(area.value).toBe('Alku Kiitos yhteydenotosta.');
});

it('the picker closes when the expert clicks elsewhere, and stays open for a click inside it', async () => {
  const { host } = await composer();
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Pikavastaukset')!;
  await act(async () => button.click());
  const panel = host.querySelector('.quick-reply-panel')!;
  await act(async () => panel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
  expect(button.getAttribute('aria-expanded')).toBe('true');
  await act(async () => document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(host.querySelector('.quick-reply-panel')).toBeNull();
});

it("the patient's composer (no replies) has neither list nor picker", async () => {
  const { host, area } = await composer(vi.fn(), null);
  await type(area, '/ter');
  expect(host.querySelector('[role="listbox"]')).toBeNull();
  expect(host.querySelector('.quick-reply-picker')).toBeNull();
  expect(area.hasAttribute('aria-autocomplete')).toBe(false);
});

it('a /shortcut typed before the replies have loaded is offered as soon as they come', async () => {
  let load: (replies: ComposerQuickReply[]) => void = () => undefined;
  function Late() {
    const [replies, setReplies] = useState<ComposerQuickReply[] | undefined>(undefined);
    load = setReplies;
    return (
      <ChatComposer
        onSend={vi.fn()}
        onTyping={() => undefined}
        onUpload={async () => undefined}
        prefix="expert.chat"
        quickReplies={replies}
      />
    );
  }
  const host = await mount(<Late />);
  const area = host.querySelector('textarea')!;
  await type(area, '/kii');
  expect(host.querySelector('[role="listbox"]')).toBeNull();
  await act(async () => load(REPLIES));
  expect(host.querySelector('[role="listbox"]')!.textContent).toContain('/kiitos');
});
