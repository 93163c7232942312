import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { emptyPatient, type PatientForm } from './appointment-form-model';
import { PatientFields } from './patient-fields';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.unstubAllGlobals();
});

it('an identity code typed in lower case or with spaces shows, once left, as it is stored: trimmed, upper case', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: [] })),
  );
  let latest: PatientForm = emptyPatient();
  function Form() {
    const [value, setValue] = useState<PatientForm>(emptyPatient());
    latest = value;
    return <PatientFields value={value} onChange={setValue} errors={{}} path="patient" />;
  }
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <QueryClientProvider client={new QueryClient()}>
        <Form />
      </QueryClientProvider>,
    ),
  );
  const input = host.querySelector('input')!;
  const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    input.focus();
    setNative.call(input, ' 010190a123b ');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(latest.ssn).toBe(' 010190a123b ');
  await act(async () => input.blur());
  expect(input.value).toBe('010190A123B');
  expect(latest.ssn).toBe('010190A123B');
});
