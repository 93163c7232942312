import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { FormModal } from './form-modal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
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

function render(failure: string | undefined) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <FormModal
          title="Uusi ajanvaraus"
          dirty={false}
          onClose={() => undefined}
          onSubmit={(e) => e.preventDefault()}
          failure={failure}
          submitLabel="Luo"
          busy={false}
        >
          <input aria-label="Nimi" />
        </FormModal>
      ),
    },
  ]);
  act(() => root!.render(<RouterProvider router={router} />));
}

describe('FormModal (issue 28: the booking modal’s conflict error)', () => {
  it('moves focus to the failure as it shows, so it is in view and read out', () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    render(undefined);
    const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Luo')!;
    submit.focus();
    render('Valittu aika on jo varattu.');
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Valittu aika on jo varattu.');
    expect(document.activeElement).toBe(alert);
  });
});
