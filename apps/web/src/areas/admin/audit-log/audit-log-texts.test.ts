import { describe, expect, it } from 'vitest';
import en from '@/locales/en/audit-log.json';
import fi from '@/locales/fi/audit-log.json';
import sv from '@/locales/sv/audit-log.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('the audit log search texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the code names, and the menu its label', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn([...sourcesIn(import.meta.dirname), `${import.meta.dirname}/../admin-menu.ts`], 'auditLog');
    expect(named).toContain('auditLog.menu');
    expect(named.filter((k) => !known.has(k) && !known.has(`${k}_one`))).toEqual([]);
  });
});
