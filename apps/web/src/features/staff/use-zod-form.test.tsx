import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ZApiClientCreate } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import '@/lib/i18n';
import { mount } from '@/test/mount';
import { flattenErrors, useZodForm } from './use-zod-form';

type Values = { name: string; extra: string };
let host: HTMLElement;
/** A contract's rule for one field: an API client's name (its create also takes scopes, which these forms lack). */
const ZNamed = z.object({ name: ZApiClientCreate.shape.name });

/** A staff form of one field: the contract's rule for the name, and a rule of the form's own for `extra`. */
async function render(onValid: (body: { name: string }) => void, serverError?: ApiError) {
  function Sample() {
    const f = useZodForm<Values, { name: string }>({
      schema: ZNamed,
      defaultValues: { name: '', extra: '' },
      toBody: (v) => ({ name: v.name.trim() }),
      rules: (v, _body, contract) => ({ ...contract, extra: v.extra === 'bad' ? 'invalid' : undefined }),
    });
    return (
      <form
        noValidate
        onSubmit={(e) =>
          f.submit(e, (body) => {
            onValid(body);
            if (serverError) f.showServerErrors(serverError);
          })
        }
      >
        <TextField label="Nimi" {...f.field('name')} />
        <TextField label="Muu" {...f.field('extra')} />
        <output>{f.dirty ? 'dirty' : 'clean'}</output>
        <button type="submit">Tallenna</button>
      </form>
    );
  }
  host = await mount(<Sample />);
}

const inputs = () => [...host.querySelectorAll('input')];
const submit = () => act(async () => host.querySelector('button')!.click());
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('staff forms on react-hook-form with the contract schema', () => {
  it("shows the schema's message key under the field, accessibly, and clears it when the field changes", async () => {
    const onValid = vi.fn();
    await render(onValid);
    await submit();
    const [name] = inputs();
    expect(onValid).not.toHaveBeenCalled();
    expect(name!.getAttribute('aria-invalid')).toBe('true');
    expect(name!.getAttribute('aria-describedby')).toBe(`${name!.id}-error`);
    expect(host.querySelector(`#${CSS.escape(name!.id)}-error`)!.textContent).toBe('Pakollinen kenttä.');
    await type(name!, 'Järjestelmä');
    expect(name!.hasAttribute('aria-invalid')).toBe(false);
    expect(host.querySelector('output')!.textContent).toBe('dirty');
    await submit();
    expect(onValid).toHaveBeenCalledWith({ name: 'Järjestelmä' });
  });

  it('runs `onInvalid` once the errors show, so it can move focus to the first invalid field', async () => {
    let focused: string | undefined;
    function Sample() {
      const f = useZodForm({ schema: ZNamed, defaultValues: { name: '' } });
      const focusFirst = (submitted: HTMLFormElement | null) => {
        submitted?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        focused = document.activeElement?.id;
      };
      return (
        <form noValidate onSubmit={(e) => f.submit(e, () => undefined, focusFirst)}>
          <TextField label="Nimi" {...f.field('name')} />
          <button type="submit">Tallenna</button>
        </form>
      );
    }
    host = await mount(<Sample />);
    await submit();
    expect(focused).toBe(inputs()[0]!.id);
  });

  it("adds the form's own rules to the contract's", async () => {
    const onValid = vi.fn();
    await render(onValid);
    const [name, extra] = inputs();
    await type(name!, 'Järjestelmä');
    await type(extra!, 'bad');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(name!.hasAttribute('aria-invalid')).toBe(false);
    expect(extra!.getAttribute('aria-invalid')).toBe('true');
  });

  it("puts a refused save's field errors under their fields", async () => {
    const refused = new ApiError(400, 'errors.validation', 'Bad', [{ field: 'name', messageKey: 'fields.tooLong', message: 'Too long' }]);
    await render(() => undefined, refused);
    const [name] = inputs();
    await type(name!, 'Järjestelmä');
    await submit();
    expect(name!.getAttribute('aria-invalid')).toBe('true');
  });

  it("keeps a list's own error and its items' errors from the form's rules", async () => {
    function Sample() {
      const f = useZodForm({
        schema: ZNamed,
        defaultValues: { name: 'Järjestelmä', list: [{ x: '' }] },
        toBody: (v) => ({ name: v.name }),
        rules: (_v, _body, contract) => ({ ...contract, 'list.0.x': 'required', list: 'duplicate' }),
      });
      return (
        <form noValidate onSubmit={(e) => f.submit(e, () => undefined)}>
          <output>{JSON.stringify(f.errors)}</output>
          <button type="submit">Tallenna</button>
        </form>
      );
    }
    host = await mount(<Sample />);
    await submit();
    expect(JSON.parse(host.querySelector('output')!.textContent!)).toEqual({ list: 'duplicate', 'list.0.x': 'required' });
  });

  it('flattens nested errors to the request paths, a list error under its `root` to the list', () => {
    expect(
      flattenErrors({
        name: { fi: { type: 'too_small', message: 'required' } },
        weekly: { root: { type: 'custom', message: 'hoursOverlap' }, 0: { closes: { type: 'custom', message: 'beforeStart' } } },
        message: { type: 'server', message: 'fields.required', ref: {} },
      }),
    ).toEqual({ 'name.fi': 'required', weekly: 'hoursOverlap', 'weekly.0.closes': 'beforeStart', message: 'fields.required' });
  });
});
