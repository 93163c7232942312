import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { FormField, TextField } from './form-fields';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('one form field for every area', () => {
  it('labels the control and describes it by a shared note, its hint and its error (patient contact form)', () => {
    const root = parse(
      renderToStaticMarkup(
        <FormField id="mobile" label="Mobile" hint="With the country code" error="Check the number" describedBy="acting-note">
          {(control) => <input {...control} />}
        </FormField>,
      ),
    );
    const input = root.querySelector('input')!;
    expect(root.querySelector('label')!.htmlFor).toBe('mobile');
    expect(input.id).toBe('mobile');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('acting-note mobile-hint mobile-error');
    expect(root.querySelector('#mobile-error')!.textContent).toBe('Check the number');
    expect(root.querySelector('.field')!.className).toBe('field has-error');
  });

  it('says nothing extra while the value is fine', () => {
    const input = parse(renderToStaticMarkup(<FormField label="Name">{(control) => <input {...control} />}</FormField>)).querySelector(
      'input',
    )!;
    expect(input.id).not.toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows a message key of the contracts as its text (staff forms)', () => {
    const root = parse(renderToStaticMarkup(<TextField label="Sähköposti" value="" onChange={() => undefined} error="fields.required" />));
    const input = root.querySelector('input')!;
    expect(root.querySelector('.field-error')!.textContent).toBe('Pakollinen kenttä.');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-error`);
  });
});
