import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { createHost } from '@/test/mount';
import { FormModal } from './form-modal';

let root: Root;
let host: HTMLElement;

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
  act(() => root.render(<RouterProvider router={router} />));
}

describe('FormModal (issue 28: the booking modal’s conflict error)', () => {
  it('moves focus to the failure as it shows, so it is in view and read out', () => {
    ({ root, host } = createHost());
    render(undefined);
    const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Luo')!;
    submit.focus();
    render('Valittu aika on jo varattu.');
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Valittu aika on jo varattu.');
    expect(document.activeElement).toBe(alert);
  });
});
