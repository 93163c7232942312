import { describe, expect, test } from 'vitest';
import { cleanFilters, conversationsSearch, filtersFromSearch, isFiltered, searchOfFilters } from './conversation-filters';

describe('the filters of the expert conversation lists (spec §3: isClosed, name, ssn, subject)', () => {
  test('the page fixes isClosed; blank filters are left out and the rest trimmed', () => {
    expect(cleanFilters(false, { name: '  ', ssn: '', subject: undefined })).toEqual({ isClosed: false });
    expect(cleanFilters(true, { name: ' Maija ', subject: ' Lab results ' })).toEqual({
      isClosed: true,
      name: 'Maija',
      subject: 'Lab results',
    });
  });

  test('an identity code is searched in upper case, and every filter is cut to the contract length', () => {
    expect(cleanFilters(false, { ssn: ' 010190-123a ' }).ssn).toBe('010190-123A');
    expect(cleanFilters(false, { ssn: '1'.repeat(30) }).ssn).toHaveLength(20);
    expect(cleanFilters(false, { name: 'n'.repeat(300) }).name).toHaveLength(200);
    expect(cleanFilters(false, { subject: 's'.repeat(300) }).subject).toHaveLength(200);
  });

  test('the query string always says isClosed and only the filters that are on', () => {
    expect(conversationsSearch({ isClosed: false })).toBe('isClosed=false');
    expect(conversationsSearch({ isClosed: true, name: 'Anna Ö', ssn: '010190-123A' })).toBe(
      'isClosed=true&name=Anna+%C3%96&ssn=010190-123A',
    );
  });

  test('the filters survive the page address, so Back from a conversation returns to the same list', () => {
    const filters = cleanFilters(true, { name: 'Maija', subject: 'Reseptit' });
    const search = new URLSearchParams({ ...searchOfFilters(filters), id: 'conversation-id' });
    expect(filtersFromSearch(true, search)).toEqual(filters);
    expect(searchOfFilters(filters)).toEqual({ name: 'Maija', subject: 'Reseptit' });
  });

  test('a list is filtered when any text filter is on (its empty text then says nothing matched)', () => {
    expect(isFiltered({ isClosed: true })).toBe(false);
    expect(isFiltered({ isClosed: false, subject: 'x' })).toBe(true);
  });
});
