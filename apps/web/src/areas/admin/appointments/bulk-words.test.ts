import { describe, expect, it } from 'vitest';
import en from '@/locales/en/admin.json';

const bulk = en.admin.bookingsBulk;

describe('the bulk preview in English says what will happen, before it is confirmed', () => {
  it('the summary, each outcome and the e-mails are in the future, not the past', () => {
    // Seen: 'Deleted 0, cancelled 0, moved 1' and 'Moved: …' above the Confirm button, as if already done.
    expect(bulk.summary).toMatch(/^To be deleted /);
    expect(Object.values(bulk.outcome)).toEqual([
      'To be deleted',
      'To be cancelled',
      'To be moved: {{expert}}, {{time}}',
      'Stays as it is',
    ]);
    expect([bulk.recipients_one, bulk.recipients_other].every((s) => s.includes(' will get '))).toBe(true);
  });

  it('what is done afterwards is said in the past', () => {
    expect(bulk.done).toMatch(/^Done: deleted /);
  });
});
