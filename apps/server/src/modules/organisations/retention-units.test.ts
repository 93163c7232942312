import { describe, expect, test } from 'vitest';
import { dataSavingFromRetention, daysToMonths, monthsToDays, retentionFromDataSaving } from './retention-units';

describe('data saving units (spec §5: months × 30.437 rounded)', () => {
  test.each([
    [0, 0],
    [1, 30],
    [2, 61],
    [3, 91],
    [6, 183],
    [12, 365],
    [24, 730],
    [120, 3652],
  ])('%i months are %i days', (months, days) => {
    expect(monthsToDays(months)).toBe(days);
  });

  test('every whole number of months survives the round trip through days', () => {
    for (let months = 0; months <= 1200; months++) expect(daysToMonths(monthsToDays(months))).toBe(months);
  });

  test('experts and admins are entered in months, patients in days as entered', () => {
    expect(retentionFromDataSaving({ expertMonths: 6, adminMonths: 12, patientDays: 90 })).toEqual({
      expertDays: 183,
      adminDays: 365,
      patientDays: 90,
    });
  });

  test('an empty value keeps the data (null) in both directions', () => {
    expect(retentionFromDataSaving({ expertMonths: null, adminMonths: null, patientDays: null })).toEqual({
      expertDays: null,
      adminDays: null,
      patientDays: null,
    });
    expect(dataSavingFromRetention({ expertDays: 730, adminDays: null, patientDays: 45 })).toEqual({
      expertMonths: 24,
      adminMonths: null,
      patientDays: 45,
    });
  });
});
