import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; showModal moves focus into the dialog as a browser does.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
    this.querySelector<HTMLElement>('button, input')?.focus();
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

/** A page with a button that opens a dialog; `mounted`: the dialog exists only while open (most pages do this). */
function Page({ mounted }: { mounted: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <ModalDialog open={open} title="Muokkaa" closeLabel="Sulje" onClose={() => setOpen(false)}>
      <input aria-label="Nimi" />
    </ModalDialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Avaa
      </button>
      {mounted ? open && dialog : dialog}
    </>
  );
}

function render(mounted: boolean) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<Page mounted={mounted} />));
  const opener = host.querySelector('button')!;
  opener.focus();
  act(() => opener.click());
  return opener;
}

/** What the browser does on Esc: a cancelable 'cancel' event on the open dialog. */
const pressEscape = () => act(() => void host.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true })));

describe('ModalDialog hands focus back (issue 28: every dialog)', () => {
  it('to the button that opened it when Esc closes a dialog that leaves the page', () => {
    const opener = render(true);
    expect(host.querySelector('dialog')!.contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('to the button that opened it when Esc closes a dialog that stays mounted', () => {
    const opener = render(false);
    expect(host.querySelector('dialog')!.contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(host.querySelector('dialog')!.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
