import { describe, expect, it } from 'vitest';
import en from '@/locales/en/guest.json';
import fi from '@/locales/fi/guest.json';
import sv from '@/locales/sv/guest.json';
import { expectMatchingCatalogues } from '@/lib/text-catalogue-checks';

describe('guest texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it("carry spec §8's guest texts in English", () => {
    expect(en.guest.login).toMatchObject({
      wrongPin: 'Wrong email or PIN-code',
      emailMalformed: 'Malformatted email address',
      unknownError: 'Unable to login!',
      checkFields: 'Please check fields',
    });
    expect(en.guest.notFound.title).toBe('Appointment not found');
  });
});
