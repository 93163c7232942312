import { describe, expect, test } from 'vitest';
import { categoryLabel, newestFirst } from './conversation-labels';

const names = (fi: string, se = '', en = '') => ({ fi, se, en });

describe('the labels of the expert conversation lists (spec §3 List item in expert view)', () => {
  test("the category and subcategory read in the expert's language, Finnish where a translation is missing", () => {
    const request = { categoryName: names('Terveysneuvonta', 'Hälsorådgivning', 'Health advice'), subcategoryName: names('Reseptit') };
    expect(categoryLabel(request, 'se')).toBe('Hälsorådgivning / Reseptit');
    expect(categoryLabel(request, 'en')).toBe('Health advice / Reseptit');
    expect(categoryLabel({ categoryName: null, subcategoryName: null }, 'fi')).toBe('');
  });

  test('the newest message comes first, whatever order the rows came in', () => {
    const rows = [
      { id: 'a', lastMessageDate: '2026-05-01T08:00:00Z' },
      { id: 'b', lastMessageDate: '2026-05-03T08:00:00Z' },
      { id: 'c', lastMessageDate: '2026-05-02T08:00:00Z' },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});
