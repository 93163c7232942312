import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mount } from '@/test/mount';
import { ModalDialog } from './modal-dialog';

// The setup file's showModal moves focus into the dialog as a browser does.
let host: HTMLElement;

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

async function render(mounted: boolean) {
  host = await mount(<Page mounted={mounted} />);
  const opener = host.querySelector('button')!;
  opener.focus();
  act(() => opener.click());
  return opener;
}

/** What the browser does on Esc: a cancelable 'cancel' event on the open dialog. */
const pressEscape = () => act(() => void host.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true })));

describe('ModalDialog hands focus back (issue 28: every dialog)', () => {
  it('to the button that opened it when Esc closes a dialog that leaves the page', async () => {
    const opener = await render(true);
    expect(host.querySelector('dialog')!.contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('to the button that opened it when Esc closes a dialog that stays mounted', async () => {
    const opener = await render(false);
    expect(host.querySelector('dialog')!.contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(host.querySelector('dialog')!.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
