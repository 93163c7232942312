import { useEffect, useRef, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  set as setPath,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors as HookFieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod/mini';
import { serverFieldErrors } from '@/lib/form-errors';
import { compact, type FieldErrors } from '@/lib/validation';

/**
 * The staff apps' forms (admin and expert) on react-hook-form, checked with the contract's zod schema as the server
 * checks them. Staff only: the patient's first page carries none of the library (scripts/check-bundle-size.mjs).
 *
 * - `schema` checks `toBody(values)`, the request as it will be sent (a form may hold more, or other shapes, than
 *   the request). `rules`, when given, has the last word: it gets the contract's errors and answers the errors to
 *   show, adding what the contract cannot know (a choice the form requires, a date not in the past) or leaving out
 *   what does not apply yet.
 * - Errors are message keys keyed by the request's field paths (`name.fi`, `weekly.0.closes`), the paths of the
 *   server's `fields`: `errors` is that flat map, for the UI kit's fields (`error`, aria-invalid, aria-describedby)
 *   and for editors that take a map and a path. `showServerErrors` puts a refused save's `fields` on the same paths.
 * - As before the library: errors show after a submit, and a field's own errors go as soon as it is changed.
 */
export function useZodForm<Values extends FieldValues, Body = Values>({
  schema,
  defaultValues,
  toBody = (values) => values as unknown as Body,
  rules,
}: {
  schema: z.ZodMiniType;
  defaultValues: Values;
  toBody?: (values: Values) => Body;
  rules?: (values: Values, body: Body, contractErrors: FieldErrors) => FieldErrors;
}) {
  const form = useForm<Values, unknown, Body>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: contractResolver(schema, toBody, rules),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The UI kit's fields are controlled and not registered: the form moves focus itself (focusFirstInvalid).
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control }) as Values;
  const { errors: nested, isDirty, submitCount } = form.formState;
  // A refused submit's `onInvalid` runs once its errors are on the page: the submit's last state change counts it.
  const afterInvalid = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    const run = afterInvalid.current;
    afterInvalid.current = undefined;
    run?.();
  }, [submitCount]);
  const errors = flattenErrors(nested);

  /** Clears the errors under a request path (the field and what it holds). */
  const clear = (...paths: string[]) => form.clearErrors(paths as Path<Values>[]);
  /** Changes a value, and clears its errors (under `errorPath` when the request names it otherwise). */
  const set = <P extends Path<Values>>(name: P, value: PathValue<Values, P>, errorPath: string = name) => {
    form.setValue(name, value, { shouldDirty: true });
    clear(errorPath);
  };
  /** Value, change and error of a text or select field of the UI kit. */
  const field = <P extends Path<Values>>(name: P) => ({
    value: form.getValues(name) as string,
    onChange: (value: string) => set(name, value as PathValue<Values, P>),
    error: errors[name],
  });
  /** State and change of one of the UI kit's checkboxes. */
  const checkbox = <P extends Path<Values>>(name: P) => ({
    checked: form.getValues(name) === true,
    onChange: (checked: boolean) => set(name, checked as PathValue<Values, P>),
  });
  /** Errors shown under request paths, e.g. a refused save's `fields` or a check the schema does not make. */
  const showErrors = (found: FieldErrors) => {
    for (const [path, key] of Object.entries(compact(found))) form.setError(path as Path<Values>, { type: 'server', message: key });
  };
  /**
   * Submits, in the form's submit event: `onValid` gets the checked request; `onInvalid` runs when a rule refused it,
   * once the errors show, with the submitted form and the errors (to move focus to the first invalid field, say).
   */
  const submit = (
    e: FormEvent | undefined,
    onValid: (body: Body, values: Values) => void,
    onInvalid?: (submitted: HTMLFormElement | null, errors: FieldErrors) => void,
  ): void => {
    const submitted = e?.currentTarget instanceof HTMLFormElement ? e.currentTarget : null;
    void form.handleSubmit(
      (body) => onValid(body, form.getValues()),
      (found) => {
        afterInvalid.current = onInvalid && (() => onInvalid(submitted, flattenErrors(found)));
      },
    )(e);
  };

  return {
    form,
    values,
    errors,
    dirty: isDirty,
    set,
    field,
    checkbox,
    clear,
    showErrors,
    showServerErrors: (err: unknown) => showErrors(serverFieldErrors(err)),
    submit,
    /** Takes the values as the new start (after a save): the form is no longer dirty. */
    markSaved: (saved: Values = form.getValues()) => form.reset(saved, { keepValues: true, keepErrors: true }),
  };
}

/**
 * zodResolver on the request the form will send. Without a message of the schema's own, an issue is `invalid`, as
 * the server answers it (lib/form-errors.ts `schemaErrors`).
 */
function contractResolver<Values extends FieldValues, Body>(
  schema: z.ZodMiniType,
  toBody: (values: Values) => Body,
  rules: ((values: Values, body: Body, contractErrors: FieldErrors) => FieldErrors) | undefined,
): Resolver<Values, unknown, Body> {
  const check = zodResolver(schema as never, { error: () => 'invalid' }, { raw: true }) as unknown as Resolver<FieldValues, unknown>;
  return async (values, context, options) => {
    const body = toBody(values);
    // Without the registered names (there are none: the fields are controlled) a list's own error goes under its `root`.
    const result = await check(body as FieldValues, context, { ...options, names: undefined });
    if (!rules) return result as Awaited<ReturnType<Resolver<Values, unknown, Body>>>;
    const found = compact(rules(values, body, flattenErrors(result.errors)));
    if (Object.keys(found).length === 0) return { values: body, errors: {} };
    const errors = {} as HookFieldErrors<Values>;
    // A list's or an object's own error first, so that its items' errors are added under it rather than replaced.
    const byDepth = Object.entries(found).sort(([a], [b]) => a.split('.').length - b.split('.').length);
    for (const [path, message] of byDepth) setPath(errors, path, { type: 'rule', message });
    return { values: {}, errors };
  };
}

/**
 * React-hook-form's nested errors as one message key per request path (`privacyStatementUrl.fi.url`). An error on a
 * list whose items have errors too sits under the list's `root`.
 */
export function flattenErrors(errors: object, prefix = '', into: FieldErrors = {}): FieldErrors {
  const node = errors as { message?: unknown; types?: unknown };
  if (typeof node.message === 'string' && prefix) into[prefix] = node.message;
  for (const [key, child] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || typeof child !== 'object' || child === null) continue;
    flattenErrors(child as object, key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}
