import { act } from 'react';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import en from '@/locales/en/patient.json';
import fi from '@/locales/fi/patient.json';
import sv from '@/locales/sv/patient.json';
import { ApiError } from '@/lib/api-client';
import { addAreaTexts, catalogueTextsReady } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { ChatComposer } from './chat-composer';

// The patient's texts (prefix `chat`), as the patient area brings them.
addAreaTexts({ fi, se: sv, en });

const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');

function pointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  scrolled.mockClear();
});
afterAll(() => scrolled.mockRestore());

const composer = (onUpload: (f: File) => Promise<unknown> = async () => undefined, disabled = false) => (
  <ChatComposer onSend={() => undefined} onTyping={() => undefined} onUpload={onUpload} disabled={disabled} prefix="chat" />
);

async function choose(host: HTMLElement, file: File) {
  const input = host.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

it('a file the server finds is no PDF, JPG or PNG by its bytes says so, not "try again later"', async () => {
  pointer(false);
  await catalogueTextsReady();
  const refused = new ApiError(400, 'errors.validation', 'Please check the fields.', [
    { field: 'file', messageKey: 'fields.attachmentType', message: 'The attachment must be a PDF, JPG or PNG file.' },
  ]);
  const host = await mount(composer(() => Promise.reject(refused)));
  await choose(host, new File(['MZ no pdf'], 'lausunto.pdf', { type: 'application/pdf' }));
  expect(host.querySelector('.chat-file-state')!.textContent).toBe('Liitteen on oltava PDF, JPG tai PNG.');
});

it('a network failure still says to try again later', async () => {
  pointer(false);
  const host = await mount(composer(() => Promise.reject(new ApiError(500, 'errors.processing', 'Network error'))));
  await choose(host, new File(['%PDF-1.4'], 'lausunto.pdf', { type: 'application/pdf' }));
  expect(host.querySelector('.chat-file-state')!.textContent).toBe('Tiedostoa ei voitu lähettää. Yritä myöhemmin uudelleen.');
});

it('a touch screen is not told that Enter sends; a keyboard is', async () => {
  pointer(true);
  const touch = await mount(composer());
  expect(touch.textContent).not.toContain('Enter');
  expect(touch.querySelector('textarea')!.getAttribute('aria-describedby')).not.toContain('hint');
  pointer(false);
  const desk = await mount(composer());
  expect(desk.textContent).toContain('Enter lähettää');
});

it('scrolls the message box into view once the chat opens for writing', async () => {
  pointer(true);
  await mount(composer(undefined, true));
  expect(scrolled).not.toHaveBeenCalled();
  await mount(composer());
  expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
});
