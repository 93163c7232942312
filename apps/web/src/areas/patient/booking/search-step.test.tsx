import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenAppointment } from '@prsp/contracts';
import { setDisplayTimeZone } from '@/lib/format';
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
  kind: 'chat',
};

/** Answers by path: a day's free times by its `dateMs`, and the next free time after a day. */
type Answers = { open?: (dayMs: number) => OpenAppointment[]; next?: { startTime: number | null } };
afterEach(() => setDisplayTimeZone(undefined));

/** The search step as the book page holds it: criteria and the last search in state; fetch answers by path. */
async function render(answers: Answers = {}, date = TODAY) {
  setDisplayTimeZone('Europe/Helsinki');
  const fetch = vi.fn(async (url: string) => {
    const data = url.startsWith('/api/list/specializations')
      ? [{ id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' }, availableAt: [] }]
      : url.endsWith('/next')
        ? (answers.next ?? { startTime: null })
        : (answers.open?.(Number(url.split('/')[4])) ?? [slot]);
    return Response.json({ status: 'ok', statusCode: 200, data });
  });
  vi.stubGlobal('fetch', fetch);
  function Host() {
    const [criteria, setCriteria] = useState<SearchInput>({ date, specialization: 'nurse' });
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
      // The day's list, then the next free time after it.
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
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

  it('names the day with its weekday; an empty day says when the next free time is and jumps to that day', async () => {
    const sunday = Date.parse('2026-11-29T12:00:00Z');
    const mondayAt8 = Date.parse('2026-11-30T06:00:00Z');
    const monday = { ...slot, startTime: mondayAt8 };
    const { host, press, openCalls } = await render(
      { open: (dayMs) => (dayMs === sunday ? [] : [monday]), next: { startTime: mondayAt8 } },
      '2026-11-29',
    );
    await press('Hae vapaat ajat');
    expect(host.querySelector('h3')!.textContent).toBe('Vapaat ajat sunnuntai 29.11.2026');
    expect(host.querySelector('.empty [role="status"]')!.textContent).toBe(
      'Päivälle ei ole vapaita aikoja. Seuraava vapaa aika: ma 30.11.2026 klo 08.00.',
    );
    expect(openCalls()).toEqual([`/api/services/open/${sunday}/nurse`, `/api/services/open/${sunday}/nurse/next`]);

    await press('Näytä ajat 30.11.2026');
    expect(openCalls().at(-1)).toBe(`/api/services/open/${Date.parse('2026-11-30T12:00:00Z')}/nurse`);
    expect(host.querySelector('h3')!.textContent).toBe('Vapaat ajat maanantai 30.11.2026');
    expect(document.activeElement).toBe(host.querySelector('h3'));
    expect(host.querySelector<HTMLInputElement>('input[type="date"]')!.value).toBe('2026-11-30');
    expect(host.querySelector('.slot-list')!.textContent).toContain('08.00');
  });

  it('says so when nothing is free later either', async () => {
    const { host, press } = await render({ open: () => [], next: { startTime: null } });
    await press('Hae vapaat ajat');
    expect(host.querySelector('.empty [role="status"]')!.textContent).toBe(
      'Päivälle ei ole vapaita aikoja. Myöhempiäkään vapaita aikoja ei ole.',
    );
    expect(host.querySelector('.empty button')).toBeNull();
  });

  it('says on each free time whether it is held by chat or video, with an icon beside the words (issue 29)', async () => {
    const video = { ...slot, uuid: 's2', startTime: slot.startTime + 30 * 60_000, kind: 'video' as const };
    const { host, press } = await render({ open: () => [slot, video] });
    await press('Hae vapaat ajat');
    const items = [...host.querySelectorAll('.slot-list button')];
    expect(items.map((b) => b.querySelector('.meeting-kind')!.textContent)).toEqual(['Chat-vastaanotto', 'Videovastaanotto']);
    expect(items.map((b) => b.querySelector('.meeting-kind svg')!.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    // The button's name carries the kind, so a screen reader hears it with the time.
    expect(items[1]!.textContent).toBe('10.30Videovastaanotto30 minuuttia · Hanna Hoitaja');
  });
});
