import { describe, expect, test } from 'vitest';
import { ageOn, isValidSsn, maskIdentityCode, normalizeSsn, parseSsn } from './ssn';

// Check characters below were computed by hand from the rule, not by the code under test:
// check = '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(DDMMYY + NNN) % 31].

describe('valid codes: every century sign, with the birth date it means', () => {
  test.each([
    // code, birth date, gender (odd individual number = male)
    ['150385+1230', '1885-03-15', 'male'],
    ['010101+002S', '1801-01-01', 'female'],
    ['010190-124N', '1990-01-01', 'female'],
    ['230450U0032', '1950-04-23', 'male'],
    ['171185V584L', '1985-11-17', 'female'],
    ['010160W1359', '1960-01-01', 'male'],
    ['171185X584L', '1985-11-17', 'female'],
    ['230450Y302P', '1950-04-23', 'female'],
    ['290200A2468', '2000-02-29', 'female'],
    ['311299B257H', '2099-12-31', 'male'],
    ['010101C002S', '2001-01-01', 'female'],
    ['280222D3654', '2022-02-28', 'male'],
    ['150610E478H', '2010-06-15', 'female'],
    ['010122F579T', '2022-01-01', 'male'],
    ['010190-999W', '1990-01-01', 'male'],
    ['010190-002R', '1990-01-01', 'female'],
  ])('%s is born %s, %s', (code, birthDate, gender) => {
    expect(isValidSsn(code)).toBe(true);
    const facts = parseSsn(code);
    expect(facts?.birthDate.toISOString()).toBe(`${birthDate}T00:00:00.000Z`);
    expect(facts?.gender).toBe(gender);
  });
});

describe('leap days', () => {
  test.each([
    ['290200A2468', true, '2000 is a leap year (divisible by 400)'],
    ['290224A123F', true, '2024 is a leap year'],
    ['290296A2461', true, '2096 is a leap year'],
    ['290200D2468', true, '2000 with a 2023 sign is still 2000'],
    ['290223A1237', false, '2023 is not a leap year'],
    ['290200-111W', false, '1900 is not a leap year (divisible by 100)'],
    ['290200+1239', false, '1800 is not a leap year'],
  ])('%s valid = %s (%s)', (code, valid) => {
    expect(isValidSsn(code)).toBe(valid);
  });
});

describe('invalid codes', () => {
  test.each([
    ['010190-124M', 'wrong check character (N expected)'],
    ['010190-124G', 'G is never a check character'],
    ['310290-123T', 'no 31 February'],
    ['311190-1243', 'no 31 November'],
    ['000190-1230', 'day 00'],
    ['011390-123A', 'month 13'],
    ['010190G124N', 'G is not a century sign'],
    ['010190Z124N', 'Z is not a century sign'],
    ['010190 124N', 'space is not a century sign'],
    ['010190/124N', '/ is not a century sign'],
    ['010190-000N', 'individual number 000 is never issued'],
    ['010190-001P', 'individual number 001 is never issued'],
    ['010190-124', 'too short: no check character'],
    ['10190-124N', 'too short: five date digits'],
    ['010190-1244N', 'too long'],
    ['010190-124NN', 'too long: trailing character'],
    ['', 'empty'],
    ['0101901124N', 'digit in place of the century sign'],
  ])('%s is refused: %s', (code) => {
    expect(isValidSsn(code)).toBe(false);
    expect(parseSsn(code)).toBeUndefined();
  });

  // These carry the check character their digits call for, so the date alone makes them invalid.
  test.each(['310290-123T', '311190-1243', '000190-1230', '011390-123A', '290223A1237', '290200-111W', '290200+1239'])(
    '%s fails on its date, not its check character',
    (code) => {
      const digits = code.slice(0, 6) + code.slice(7, 10);
      expect('0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(digits) % 31]).toBe(code[10]);
      expect(isValidSsn(code)).toBe(false);
    },
  );
});

describe('normalisation', () => {
  test.each([
    ['290200a2468', '290200A2468'],
    ['171185x584l', '171185X584L'],
    ['010190-124n', '010190-124N'],
    ['  010190-124N\n', '010190-124N'],
    ['\t050623b3498 ', '050623B3498'],
  ])('%j is accepted and normalises to %s', (input, normal) => {
    expect(isValidSsn(input)).toBe(true);
    expect(normalizeSsn(input)).toBe(normal);
    expect(parseSsn(input)).toEqual(parseSsn(normal));
  });

  test('whitespace inside the code is not removed', () => {
    expect(isValidSsn('010190 -124N')).toBe(false);
  });
});

describe('the built-in test persons all carry valid codes', () => {
  test.each(['010190-124N', '150375-257R', '171185X584L', '230450Y302P', '120315A456R', '050623B3498'])('%s', (code) => {
    expect(isValidSsn(code)).toBe(true);
  });
});

describe('ageOn', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
  test.each([
    ['1990-01-01', '2020-01-01', 30, 'birthday today'],
    ['1990-01-01', '2019-12-31', 29, 'day before the birthday'],
    ['1975-03-15', '2025-03-15', 50, 'birthday today'],
    ['1975-03-15', '2025-03-14', 49, 'day before the birthday'],
    ['1975-03-15', '2025-04-14', 50, 'later month, earlier day'],
    ['1975-03-15', '2025-02-20', 49, 'earlier month, later day'],
    ['2000-02-29', '2023-02-28', 22, 'leap-day child before 1 March in a common year'],
    ['2000-02-29', '2023-03-01', 23, 'leap-day child on 1 March'],
    ['2000-02-29', '2024-02-29', 24, 'leap-day child on the leap day'],
    ['2023-06-05', '2023-06-05', 0, 'day of birth'],
  ])('born %s, on %s: %i (%s)', (born, today, age) => {
    expect(ageOn(day(born), day(today))).toBe(age);
  });

  test('the time of day does not matter (UTC dates)', () => {
    expect(ageOn(day('1990-01-01'), new Date('2019-12-31T23:59:59.999Z'))).toBe(29);
    expect(ageOn(day('1990-01-01'), new Date('2020-01-01T00:00:00.000Z'))).toBe(30);
  });

  test('the age of a parsed code', () => {
    expect(ageOn(parseSsn('150375-257R')!.birthDate, day('2025-03-15'))).toBe(50);
  });
});

describe('identity codes stay hidden until asked', () => {
  test('all but the date of birth and the century sign are masked', () => {
    expect(maskIdentityCode('010190-123A')).toBe('010190-****');
    expect(maskIdentityCode('311299A987K')).toBe('311299A****');
  });
  test('a short or odd code is hidden whole', () => {
    expect(maskIdentityCode('12345')).toBe('*****');
  });
});
