import { expect, it } from 'vitest';
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
  item('morning', day2, 9, { action: <button type="button">Start morning</button> }),
  item('afternoon', day2, 14),
  item('other-day', day1, 10),
];
const now = { at: atLocalTime(day2, 10, 42).getTime(), label: 'Now 10.42' };

it('draws the now line in today’s column only, between the items before and after it, and an item’s action after its button', async () => {
  const host = await mount(<TimeGrid caption="Week" days={[day1, day2]} items={items} lang="en" now={now} />);
  const [first, second] = host.querySelectorAll('td.tg-day');
  expect(first!.querySelector('.tg-now')).toBeNull();
  const order = [...second!.children].map((el) =>
    el.classList.contains('tg-now') ? el.textContent : (el.querySelector('[aria-label]') ?? el).getAttribute('aria-label'),
  );
  expect(order).toEqual(['9.00–9.30, morning', 'Now 10.42', '14.00–14.30, afternoon']);
  // 10.42 in a grid from 08:00: 162 minutes down, in quarters of the grid's row height.
  expect((second!.querySelector('.tg-now') as HTMLElement).style.top).toBe('calc(10.8 * var(--tg-quarter))');
  const slot = second!.querySelector('.tg-slot')!;
  expect([...slot.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
    '9.00–9.30, morning',
    'Start morning',
  ]);
});

it('widens the hours shown to hold the now line, and leaves it out when today is not shown', async () => {
  const late = { at: atLocalTime(day2, 21, 5).getTime(), label: 'Now 21.05' };
  const host = await mount(<TimeGrid caption="Day" days={[day2]} items={items} lang="en" now={late} />);
  expect([...host.querySelectorAll('.tg-axis span')].at(-1)!.textContent).toBe('21:00');
  const other = await mount(<TimeGrid caption="Day" days={[day1]} items={items} lang="en" now={late} />);
  expect(other.querySelector('.tg-now')).toBeNull();
});

it('puts the now line among a day’s items in the narrow list too', async () => {
  const host = await mount(<TimeGrid caption="Week" days={[day1, day2]} items={items} lang="en" now={now} variant="list" />);
  const rows = [...host.querySelectorAll('.time-list-day')[1]!.querySelectorAll('li')].map((li) =>
    li.classList.contains('tg-now-row') ? li.textContent : li.querySelector('[aria-label]')!.getAttribute('aria-label'),
  );
  expect(rows).toEqual(['9.00–9.30, morning', 'Now 10.42', '14.00–14.30, afternoon']);
});
