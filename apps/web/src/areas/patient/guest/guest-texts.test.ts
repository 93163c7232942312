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
      unknownError: 'Unable to login!',
      checkFields: 'Please check fields',
    });
    expect(en.guest.notFound.title).toBe('Appointment not found');
  });

  it("say what a malformed e-mail should look like in English and Swedish (the spec's key, readable text)", () => {
    expect(en.guest.login.emailMalformed).toBe('Check the e-mail address: it should look like name@example.com.');
    expect(sv.guest.login.emailMalformed).toBe('Kontrollera e-postadressen: den ska se ut som namn@exempel.fi.');
  });
});
