import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Layout rules found by looking at the new screens in Swedish and English at 360 and 1280 px (the journeys run in
 * Finnish). jsdom lays nothing out, so these read the style sheets for the rule that fixed each seen fault.
 */
const css = (file: string) => readFileSync(`${process.cwd()}/apps/web/src/${file}`, 'utf8').replace(/\s+/g, ' ');
const rule = (sheet: string, selector: string) => {
  const at = sheet.indexOf(`${selector} {`);
  expect(at, `${selector} in the sheet`).toBeGreaterThanOrEqual(0);
  return sheet.slice(at, sheet.indexOf('}', at) + 1);
};

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the new screens in Swedish and English', () => {
  it('a stacked table (360 px) keeps every part of a cell under the value, never under the label', () => {
    // Seen: 'Grupp, 2 deltagare', the details link, an audit row's object id and '6 gånger' in the label column.
    expect(css('styles/ui.css')).toContain('table.data.stack td > * { grid-column: 2; }');
  });

  it("a stacked table names every cell, up to the statistics breakdowns' 22 columns", () => {
    // Seen: from the ninth column on the breakdown cards at 360 px had figures without their names.
    const sheet = css('styles/ui.css');
    for (let n = 1; n <= 24; n++) expect(sheet).toContain(`table.data.stack td:nth-child(${n})::before { content: var(--col-${n}, ''); }`);
  });

  it("the statistics tables' scroll box clips its visually hidden words, so the page is not widened", () => {
    // Seen: the per-service, queue and expert tables' hidden 'räknas inte' widened the page by 870 px at 1280 px.
    expect(rule(css('areas/admin/statistics/statistics.css'), '.statistics-scroll')).toContain('position: relative;');
  });

  it("the expert's schedule heading capitalises its first letter only, not the months", () => {
    // Seen: 'Vecka 49: 30 Nov. 2026–6 Dec. 2026' in Swedish.
    const sheet = css('areas/expert/booking/expert-booking.css');
    expect(rule(sheet, '.schedule-day')).not.toContain('capitalize');
    expect(rule(sheet, '.schedule-day::first-letter')).toContain('text-transform: uppercase;');
  });

  it("the admin calendar's day heading starts with a capital too", () => {
    // Seen: 'måndag 30.11.2026' above the admin's day view, 'Måndag 30.11.2026' above the expert's.
    const sheet = css('areas/admin/appointments/appointments-calendar.css');
    expect(rule(sheet, '.calendar-range::first-letter')).toContain('text-transform: uppercase;');
  });

  it("the bulk preview's rows share the list's columns, so the experts line up", () => {
    // Seen: '2 dec. 2026' is shorter than '30 nov. 2026', and that row's expert and outcome started further left.
    const sheet = css('areas/admin/appointments/bulk.css');
    expect(rule(sheet, '.bulk-preview-item')).toContain('grid-template-columns: subgrid;');
  });

  it("the queue board's figures take as many columns as whole words fit, not three narrow ones", () => {
    // Seen: 'Brådskand|e i kö' (and Finnish 'Kiireellisiä') cut mid-word in three columns of a 1280 px card.
    const board = rule(css('features/queue-board/queue-board.css'), '.board-figures');
    expect(board).not.toContain('repeat(3,');
    expect(board).toContain('repeat(auto-fill, minmax(min(100%, 7.5rem), 1fr))');
  });

  it("the presence control's error is readable on the dark blue staff header (4.5:1)", () => {
    const header = /--color-primary: (#[0-9a-f]{6});/.exec(css('styles/global.css'))![1]!;
    const error = /color: (#[0-9a-f]{6});/.exec(rule(css('areas/expert/presence/presence-control.css'), '.presence-error'))![1]!;
    expect(contrast(error, header)).toBeGreaterThanOrEqual(4.5);
  });
});
