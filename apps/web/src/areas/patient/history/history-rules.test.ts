import { describe, expect, it } from 'vitest';
import { historyFilesText, newestFirst } from './history-rules';

describe('historyFilesText', () => {
  it('joins the file names with commas', () => {
    expect(historyFilesText(['a.pdf', 'b.png'])).toBe('a.pdf, b.png');
    expect(historyFilesText([])).toBe('');
  });

  it('keeps exactly 45 characters whole and cuts longer ones at 45 with " ..."', () => {
    const exactly45 = ['x'.repeat(20) + '.pdf', 'y'.repeat(15) + '.png'];
    expect(exactly45.join(', ')).toHaveLength(45);
    expect(historyFilesText(exactly45)).toBe(exactly45.join(', '));

    const longer = ['lab-results-2026-03.pdf', 'photo-of-rash.jpg', 'referral.pdf'];
    expect(historyFilesText(longer)).toBe('lab-results-2026-03.pdf, photo-of-rash.jpg, r ...');
    expect(historyFilesText(longer)).toHaveLength(45 + ' ...'.length);
  });
});

describe('newestFirst', () => {
  it('puts the latest chat first', () => {
    const items = [
      { id: 'a', created_at: '2026-03-01T10:00:00.000Z' },
      { id: 'c', created_at: '2026-03-20T08:00:00.000Z' },
      { id: 'b', created_at: '2026-03-10T12:30:00.000Z' },
    ];
    expect(newestFirst(items).map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(items.map((i) => i.id)).toEqual(['a', 'c', 'b']);
  });
});
