import { describe, expect, it } from 'vitest';
import { defaultFilters } from './booking-filters';
import { allShownState, filterSelection, selectionOf, toggled, toggledAll } from './bulk-selection';

const EXPERT = '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12';

describe('the bulk bar’s selection', () => {
  it('the filters name a day (no end day), a range, one expert or everyone; nothing without a start day or over 31 days', () => {
    expect(filterSelection({ from: '2026-12-02', to: '', expertId: EXPERT })).toEqual({
      by: 'range',
      expertId: EXPERT,
      from: '2026-12-02',
      to: '2026-12-02',
    });
    expect(filterSelection({ from: '2026-12-02', to: '2026-12-04', expertId: '' })).toEqual({
      by: 'range',
      from: '2026-12-02',
      to: '2026-12-04',
    });
    expect(filterSelection({ from: '', to: '2026-12-04', expertId: EXPERT })).toBeUndefined();
    expect(filterSelection({ from: '2026-12-04', to: '2026-12-02', expertId: '' })).toBeUndefined();
    expect(filterSelection({ from: '2026-12-01', to: '2027-01-01', expertId: '' })).toBeUndefined();
    expect(filterSelection({ from: '2026-12-01', to: '2026-12-31', expertId: '' })).toBeDefined();
  });

  it('ticked rows are the ids; none ticked names nothing', () => {
    const filters = defaultFilters('2026-12-02');
    expect(selectionOf('rows', new Set(['a', 'b']), filters)).toEqual({ by: 'ids', ids: ['a', 'b'] });
    expect(selectionOf('rows', new Set(), filters)).toBeUndefined();
    expect(selectionOf('filters', new Set(), filters)).toEqual({ by: 'range', from: '2026-12-02', to: '2026-12-02' });
  });

  it('select all shown ticks and unticks the shown rows only, and says when some are ticked', () => {
    const ticked = toggled(new Set(['elsewhere']), 'a', true);
    expect(allShownState(ticked, ['a', 'b'])).toBe('mixed');
    const all = toggledAll(ticked, ['a', 'b'], true);
    expect([...all].sort()).toEqual(['a', 'b', 'elsewhere']);
    expect(allShownState(all, ['a', 'b'])).toBe(true);
    expect([...toggledAll(all, ['a', 'b'], false)]).toEqual(['elsewhere']);
    expect(allShownState(new Set(), ['a'])).toBe(false);
  });
});
