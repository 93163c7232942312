import { expect, it } from 'vitest';
import { mount } from '@/test/mount';
import '../admin-texts';
import { TimeslotPreviewGrid } from './timeslot-preview-grid';

const slot = (iso: string) => ({
  id: null,
  expertId: 'e1',
  expertName: 'Ritva Varaaja',
  startTime: Date.parse(iso),
  endTime: Date.parse(iso) + 30 * 60_000,
});

it('shows each expert’s week as a table with the conflicts marked and named (issue 28: the preview)', async () => {
  const host = await mount(
    <TimeslotPreviewGrid
      preview={{
        // Monday 11 May 2026, 09.00 and 09.30 Helsinki; 09.00 is taken by a booked appointment.
        slots: [slot('2026-05-11T06:30:00Z'), slot('2026-05-12T06:00:00Z')],
        conflictingSlots: [{ ...slot('2026-05-11T06:00:00Z'), reason: 'reserved' }],
      }}
    />,
  );
  const table = host.querySelector('table')!;
  expect(table.querySelector('caption')!.textContent).toBe('Ritva Varaaja, viikko 11.5.2026–17.5.2026');
  expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Aika', 'ma 11.5.', 'ti 12.5.']);
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
  expect(rows).toEqual([
    ['09.00', '×päällekkäin varatun tapaamisen kanssa, jätetään pois', '+avautuu'],
    ['09.30', '+avautuu', ''],
  ]);
  expect(table.querySelectorAll('td.cell-conflict')).toHaveLength(1);
  expect(host.querySelector('summary')!.textContent).toBe('Ritva Varaaja: avautuu 2, päällekkäin 1');
  // A week wider than a phone scrolls in its own frame, which the keyboard can reach.
  expect(host.querySelector('[role="region"]')!.getAttribute('tabindex')).toBe('0');
});
