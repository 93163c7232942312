import { act, useState } from 'react';
import { expect, it, vi } from 'vitest';
import '@/lib/i18n';
import '@/features/staff/staff-texts';
import { mount } from '@/test/mount';
import { emptyPatient, type PatientForm } from './appointment-form-model';
import { PatientFields } from './patient-fields';

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
  const host = await mount(<Form />, { queryClient: true });
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

it.each([
  [{ firstName: 'Matti', lastName: 'Korhonen', email: 'matti@test.example', mobile: '0401234567' }, 'Potilas löytyi'],
  [null, 'ei löytynyt organisaation potilasta'],
])('a valid identity code looks up the organisation’s patient and fills in the name and e-mail (issue 28)', async (known, note) => {
  const lookups: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.includes('/patients/lookup')) return Response.json({ status: 'ok', statusCode: 200, data: [] });
      lookups.push({ url, body: JSON.parse(String(init?.body)) });
      return Response.json({ status: 'ok', statusCode: 200, data: known });
    }),
  );
  let latest: PatientForm = emptyPatient();
  function Form() {
    const [value, setValue] = useState<PatientForm>(emptyPatient());
    latest = value;
    return <PatientFields value={value} onChange={setValue} errors={{}} path="patient" />;
  }
  const host = await mount(<Form />, { queryClient: true });
  const input = host.querySelector('input')!;
  const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    input.focus();
    setNative.call(input, '150375-257r');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => input.blur());
  await act(() => vi.waitFor(() => expect(host.querySelector('[role=status]')?.textContent).toContain(note)));
  expect(lookups).toEqual([{ url: '/api/admin/patients/lookup', body: { ssn: '150375-257R' } }]);
  expect(latest).toMatchObject(
    known
      ? { ssn: '150375-257R', firstName: 'Matti', lastName: 'Korhonen', email: 'matti@test.example' }
      : { ssn: '150375-257R', firstName: '', lastName: '', email: '' },
  );
});
