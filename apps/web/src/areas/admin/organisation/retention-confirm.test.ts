import { describe, expect, test } from 'vitest';
import { retentionDays, shortenedRetention } from './retention';

const all = ['dataSavingExpertMonths', 'dataSavingAdminMonths', 'dataSavingPatientDays'];
const saved = { dataSavingExpertMonths: '12', dataSavingAdminMonths: '', dataSavingPatientDays: '365' };

describe('data saving: what a value means and when a save shortens it', () => {
  test('months are shown as days (× 30.437), patient days as entered', () => {
    expect(retentionDays('dataSavingExpertMonths', '6')).toBe(183);
    expect(retentionDays('dataSavingAdminMonths', '12')).toBe(365);
    expect(retentionDays('dataSavingPatientDays', '90')).toBe(90);
    expect(retentionDays('dataSavingPatientDays', '')).toBeUndefined();
  });

  test('no change, a longer period or emptying (keep) asks nothing', () => {
    expect(shortenedRetention(saved, saved, all)).toEqual([]);
    expect(shortenedRetention(saved, { ...saved, dataSavingExpertMonths: '24', dataSavingPatientDays: '' }, all)).toEqual([]);
  });

  test('a smaller number, or a number where data was kept, is listed with its days', () => {
    expect(
      shortenedRetention(saved, { dataSavingExpertMonths: '6', dataSavingAdminMonths: '12', dataSavingPatientDays: '90' }, all),
    ).toEqual([
      { field: 'dataSavingExpertMonths', before: '12', after: '6', days: 183 },
      { field: 'dataSavingAdminMonths', before: '', after: '12', days: 365 },
      { field: 'dataSavingPatientDays', before: '365', after: '90', days: 90 },
    ]);
  });

  test('only the fields the page saves count', () => {
    expect(shortenedRetention(saved, { ...saved, dataSavingPatientDays: '90' }, ['organizationName'])).toEqual([]);
  });
});
