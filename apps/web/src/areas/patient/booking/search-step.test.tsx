import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OpenAppointment } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import type { SearchInput } from './booking-rules';
import { SearchStep } from './search-step';

const TODAY = '2026-11-28';
const slot: OpenAppointment = {
  uuid: 's1',
  name: 'Hanna Hoitaja',
  startTime: Date.UTC(2026, 10, 28, 8),
  duration: 30,
  preQuestionnaire: false,
};

type Answers = { open?: OpenAppointment[]; next?: { startTime: number } | null };

/** The search step as the book page holds it: criteria and the last search in state; fetch answers by path. */
async function render(answers: Answers = {}) {
  const fetch = vi.fn(async (url: string) => {
    const data = url.startsWith('/api/list/specializations')
      ? [{ id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' }, availableAt: [] }]
      : url.includes('/next')
        ? (answers.next ?? null)
        : (answers.open ?? [slot]);
    return Response.json({ status: 'ok', statusCode: 200, data });
  });
  vi.stubGlobal('fetch', fetch);
  function Host() {
    const [criteria, setCriteria] = useState<SearchInput>({ date: TODAY, specialization: 'nurse' });
    const [searched, setSearched] = useState<SearchInput | null>(null);
    return (
      <SearchStep
        today={TODAY}
        criteria={criteria}
        onCriteria={setCriteria}
        searched={searched}
        onSearch={setSearched}
        onLocked={() => undefined}
        focus={false}
      />
    );
  }
  const host = await mount(<Host />, { queryClient: true });
  const button = (text: string | RegExp) =>
    [...host.querySelectorAll('button')].find((b) => (typeof text === 'string' ? b.textContent === text : text.test(b.textContent ?? '')));
  const press = async (text: string | RegExp) => {
    await act(async () => {
      button(text)!.click();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  const openCalls = () => fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/services/open/'));
  return { host, fetch, press, button, openCalls };
}

describe('booking search step (spec §2 Book appointment, search)', () => {
  it('asks the server again when the same search is pressed again, so the list is never stale', async () => {
    const { press, openCalls } = await render();
    await press('Hae vapaat ajat');
    expect(openCalls()).toHaveLength(1);
    await press('Hae vapaat ajat');
    expect(openCalls()).toHaveLength(2);
  });
});
