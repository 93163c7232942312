import { describe, expect, test } from 'vitest';
import en from '@/locales/en/admin.json';
import fi from '@/locales/fi/admin.json';
import sv from '@/locales/sv/admin.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';
import { CODE_GROUP_TARGETS, targetName } from './code-group-targets';

const named = keysNamedIn(sourcesIn(import.meta.dirname), 'admin');

describe('code group pages: chat codes and message codes', () => {
  test('every key the page pair names, for either target, exists in Finnish, Swedish and English', () => {
    const own = named.filter((key) => /^admin\.(chatCodes|messageCodes|menu)\./.test(key));
    expect(own.length).toBeGreaterThan(40);
    expect(missingTexts(own, { fi, sv, en })).toEqual([]);
    expectMatchingCatalogues(fi.admin.chatCodes, sv.admin.chatCodes, en.admin.chatCodes);
  });

  test('each target has its own texts for the same places, and only its own', () => {
    const places = (kind: keyof typeof CODE_GROUP_TARGETS) => Object.keys(CODE_GROUP_TARGETS[kind].texts).sort();
    expect(places('subcategory')).toEqual(places('service'));
    expect(Object.values(CODE_GROUP_TARGETS.service.texts).filter((k) => k.includes('messageCodes'))).toEqual([]);
    expect(Object.values(CODE_GROUP_TARGETS.subcategory.texts).filter((k) => k.includes('chatCodes'))).toEqual([]);
  });

  test('a row names what the codes open: the service, or the category and subcategory', () => {
    const name = (fiName: string) => ({ fi: fiName, se: `${fiName} (sv)`, en: `${fiName} (en)` });
    const id = '00000000-0000-4000-8000-000000000001';
    expect(targetName({ kind: 'service', serviceId: id, serviceName: name('Fysioterapia') }, 'fi')).toBe('Fysioterapia');
    expect(
      targetName({ kind: 'subcategory', subcategoryId: id, categoryName: name('Rajattu'), subcategoryName: name('Kotiharjoitteet') }, 'en'),
    ).toBe('Rajattu (en) › Kotiharjoitteet (en)');
  });

  test("each target's create schema asks for its own target field", () => {
    const base = { name: 'Ryhmä', totalCodes: 1, usesPerCode: 1, expiryPreset: 'today' };
    const id = '00000000-0000-4000-8000-000000000001';
    expect(CODE_GROUP_TARGETS.service.createSchema.safeParse({ ...base, serviceId: id }).success).toBe(true);
    expect(CODE_GROUP_TARGETS.service.createSchema.safeParse({ ...base, subcategoryId: id }).success).toBe(false);
    expect(CODE_GROUP_TARGETS.subcategory.createSchema.safeParse({ ...base, subcategoryId: id }).success).toBe(true);
    expect(CODE_GROUP_TARGETS.subcategory.createSchema.safeParse({ ...base, serviceId: id }).success).toBe(false);
  });
});
