import { describe, expect, test } from 'vitest';
import { ORGANISATION_TEXT_FIELDS } from './organisation-form';
import { isRetentionShortened, meetsRetentionMinimum, RETENTION_MINIMUMS } from './retention';

describe('retention minimums', () => {
  test('the minimums: patients 90 days (spec §9), experts 6 months, admins 12 months', () => {
    expect(RETENTION_MINIMUMS).toEqual({ patientDays: 90, expertMonths: 6, adminMonths: 12 });
  });

  test.each<[keyof typeof ORGANISATION_TEXT_FIELDS, string, string | null]>([
    ['dataSavingPatientDays', '', null],
    ['dataSavingPatientDays', '90', null],
    ['dataSavingPatientDays', '3650', null],
    ['dataSavingPatientDays', '89', 'retentionPatientMinimum'],
    ['dataSavingPatientDays', '1', 'retentionPatientMinimum'],
    ['dataSavingPatientDays', '0', 'retentionPatientMinimum'],
    ['dataSavingExpertMonths', '6', null],
    ['dataSavingExpertMonths', '5', 'retentionExpertMinimum'],
    ['dataSavingExpertMonths', '0', 'retentionExpertMinimum'],
    ['dataSavingAdminMonths', '12', null],
    ['dataSavingAdminMonths', '11', 'retentionAdminMinimum'],
    ['dataSavingAdminMonths', '', null],
    ['dataSavingAdminMonths', 'x', 'invalid'],
  ])('%s = %j: %s', (field, value, message) => {
    const res = ORGANISATION_TEXT_FIELDS[field].safeParse(value);
    if (message === null) expect(res.success).toBe(true);
    else expect(res.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  test('meetsRetentionMinimum: empty keeps, numbers compare, other text is another rule', () => {
    expect(meetsRetentionMinimum('', 90)).toBe(true);
    expect(meetsRetentionMinimum(' 90 ', 90)).toBe(true);
    expect(meetsRetentionMinimum('89', 90)).toBe(false);
    expect(meetsRetentionMinimum('abc', 90)).toBe(true);
  });

  test('isRetentionShortened: a smaller number, or a number where the data was kept', () => {
    expect(isRetentionShortened('180', '90')).toBe(true);
    expect(isRetentionShortened('', '365')).toBe(true);
    expect(isRetentionShortened('90', '180')).toBe(false);
    expect(isRetentionShortened('90', '90')).toBe(false);
    expect(isRetentionShortened('90', '')).toBe(false);
    expect(isRetentionShortened('90', '1x')).toBe(false);
  });
});
