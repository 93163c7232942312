import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { FHIR_SCOPE_TYPES } from '@prsp/contracts';
import en from '@/locales/en/api-clients.json';
import fi from '@/locales/fi/api-clients.json';
import sv from '@/locales/sv/api-clients.json';
import staffEn from '@/locales/en/staff.json';
import staffFi from '@/locales/fi/staff.json';
import staffSv from '@/locales/sv/staff.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';

describe('API client texts', () => {
  const files = sourcesIn(path.dirname(new URL(import.meta.url).pathname));

  test('every key the page names, and every resource type it offers, exists in Finnish, Swedish and English', () => {
    const named = keysNamedIn(files, 'apiClientsAdmin');
    expect(named.length).toBeGreaterThan(25);
    const built = FHIR_SCOPE_TYPES.map((type) => `apiClientsAdmin.scopeNames.${type}`);
    expect(missingTexts([...named, ...built], { fi, sv, en })).toEqual([]);
    expect(missingTexts(keysNamedIn(files, 'staff'), { fi: staffFi, sv: staffSv, en: staffEn })).toEqual([]);
  });

  test('the three languages have the same keys, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });
});
