import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { atLocalTime } from '@prsp/contracts';
import { mount } from '@/test/mount';
import { TimeGrid, type TimeGridItem } from './time-grid';

const day1 = '2026-12-01';
const day2 = '2026-12-02';
const item = (id: string, date: string, h: number, extra: Partial<TimeGridItem> = {}): TimeGridItem => ({
  id,
  start: atLocalTime(date, h, 0).getTime(),
  end: atLocalTime(date, h, 30).getTime(),
  lines: [`${h}.00`, id],
  label: `${h}.00–${h}.30, ${id}`,
  tone: 'booked',
  ...extra,
});
const items = [
  item('booking', day1, 9, { draggable: true }),
  item('open', day2, 10, { tone: 'open', dropTarget: true }),
  item('break', day1, 12, { tone: 'break', inert: true }),
  item('later', day1, 14),
];

it('is a table with a heading per day, each item a named button under its day (a break is text), arrows between items', async () => {
  const onOpen = vi.fn();
  const host = await mount(<TimeGrid caption="Week 49" days={[day1, day2]} items={items} lang="fi" onOpen={onOpen} />);
  const table = host.querySelector('table')!;
  expect(table.getAttribute('aria-label')).toBe('Week 49');
  const headings = [...table.querySelectorAll('thead th[scope=col]')].map((th) => th.textContent);
  expect(headings).toHaveLength(3);
  expect(headings[1]).toMatch(/1\.12/);
  const cells = table.querySelectorAll('td.tg-day');
  expect(cells[0]!.getAttribute('headers')).toBe(`tg-${day1}`);
  const buttons = [...cells[0]!.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
  expect(buttons).toEqual(['9.00–9.30, booking', '14.00–14.30, later']);
  expect(cells[0]!.querySelector('.tone-break')!.textContent).toContain('12.00–12.30, break');
  // No drop cells without onDrop.
  expect(host.querySelector('[data-drop-date]')).toBeNull();

  const first = cells[0]!.querySelector('button')!;
  first.focus();
  act(() => first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
  expect(document.activeElement?.getAttribute('aria-label')).toBe('14.00–14.30, later');
  act(() => (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
  expect(document.activeElement?.getAttribute('aria-label')).toBe('10.00–10.30, open');
  act(() => (document.activeElement as HTMLElement).click());
  expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'open' }));
});

it('drags an item with the pointer onto an open time or a free quarter, and not when the pointer barely moved', async () => {
  const onDrop = vi.fn();
  const onOpen = vi.fn();
  const host = await mount(<TimeGrid caption="Week" days={[day1, day2]} items={items} lang="en" onDrop={onDrop} onOpen={onOpen} />);
  const booking = host.querySelector<HTMLElement>('[aria-label="9.00–9.30, booking"]')!;
  const open = host.querySelector<HTMLElement>('[data-drop-item="open"]')!;
  const quarter = host.querySelector<HTMLElement>(`[data-drop-date="${day2}"][data-drop-time="11:15"]`)!;
  expect(host.querySelector('[data-drop-item="later"]')).toBeNull();
  let under: Element = open;
  document.elementFromPoint = () => under;
  const drag = (x: number) => {
    act(() =>
      booking.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, isPrimary: true, clientX: 0, clientY: 0 })),
    );
    act(() => window.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: 0 })));
    act(() => window.dispatchEvent(new PointerEvent('pointerup', { clientX: x, clientY: 0 })));
  };
  drag(100);
  expect(onDrop).toHaveBeenLastCalledWith({ itemId: 'booking', target: { itemId: 'open' } });
  expect(booking.style.transform).toBe('');
  under = quarter;
  drag(120);
  expect(onDrop).toHaveBeenLastCalledWith({ itemId: 'booking', target: { date: day2, time: '11:15' } });
  drag(2);
  expect(onDrop).toHaveBeenCalledTimes(2);
});

it('lists a day’s items in order as the narrow view, saying when there are none', async () => {
  const host = await mount(<TimeGrid caption="Day" days={[day1, day2, '2026-12-03']} items={items} lang="en" variant="list" />);
  const lists = host.querySelectorAll('.time-list-day');
  const named = [...lists[0]!.querySelectorAll('li > *')].map(
    (el) => el.getAttribute('aria-label') ?? el.querySelector('.visually-hidden')!.textContent,
  );
  expect(named).toEqual(['9.00–9.30, booking', '12.00–12.30, break', '14.00–14.30, later']);
  expect(lists[2]!.textContent).toContain('Ei merkintöjä tänä päivänä.');
});
