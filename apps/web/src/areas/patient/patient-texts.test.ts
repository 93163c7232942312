import { describe, expect, it } from 'vitest';
import en from '@/locales/en/patient.json';
import fi from '@/locales/fi/patient.json';
import sv from '@/locales/sv/patient.json';
import { expectMatchingCatalogues } from '@/lib/text-catalogue-checks';

describe('patient texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('call the professional by one word per language, in booking and in the history list', () => {
    expect([fi, sv, en].map((texts) => texts.history.expert)).toEqual([fi.book.expert, 'Yrkesperson', 'Professional']);
    expect(sv.book.expert).toBe('Yrkesperson');
    expect(en.book.expert).toBe('Professional');
  });

  it('call the landing Home in English (the menu and the way back to it)', () => {
    expect(en.menu.home).toBe('Home');
  });

  it('carry the spec §8 chat code messages in every language', () => {
    expect(en.chatCode.errors).toMatchObject({
      notAuthenticated: 'User not authenticated.',
      notValid: 'Chat code not valid.',
      processing: 'Error processing chat code.',
    });
    for (const texts of [fi, sv, en])
      expect(Object.keys(texts.chatCode.errors).sort()).toEqual([
        'expired',
        'notAuthenticated',
        'notOpenYet',
        'notOpenYetValidFrom',
        'notValid',
        'processing',
        'used',
      ]);
  });
});
