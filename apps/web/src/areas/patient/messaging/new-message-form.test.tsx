import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Category } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { NewMessageForm } from './new-message-form';

const CAT = '11111111-1111-4111-8111-111111111111';
const SUB = '22222222-2222-4222-8222-222222222222';
const CONVERSATION = '33333333-3333-4333-8333-333333333333';
const categories: Category[] = [
  {
    id: CAT,
    name: { fi: 'Reseptit', se: 'Recept', en: 'Prescriptions' },
    openAccess: true,
    isDisabled: false,
    answerPromise: { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' },
    subcategories: [
      {
        id: SUB,
        categoryId: CAT,
        name: { fi: 'Uusinta', se: 'Förnyelse', en: 'Renewal' },
        openAccess: true,
        isDisabled: false,
        addedExperts: [],
      },
    ],
  },
];
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => Response.json({ status: 'ok', statusCode: 200, data });

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

it("shows the category's answer promise when it is chosen and again after sending (issue 29)", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/categories') ? ok(categories) : ok({ conversationId: CONVERSATION, messages: [] }),
    ),
  );
  const host = await mount(
    <MemoryRouter>
      <NewMessageForm />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(host.querySelectorAll('select')).toHaveLength(2));
  expect(host.querySelector('.answer-promise')).toBeNull();
  const [category, subcategory] = [...host.querySelectorAll('select')] as [HTMLSelectElement, HTMLSelectElement];
  await choose(category, CAT);
  expect(host.querySelector('.answer-promise')!.textContent).toBe('Vastaamme 3 arkipäivän kuluessa.');
  await choose(subcategory, SUB);
  const text = host.querySelector('textarea')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(text, 'Tarvitsen reseptin uusinnan.');
    text.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await vi.waitFor(() => expect(host.querySelector('.success-note')).not.toBeNull());
  expect(host.querySelector('.success-note .answer-promise')!.textContent).toBe('Vastaamme 3 arkipäivän kuluessa.');
});
