import { describe, expect, it } from 'vitest';
import { PUSH_EVENTS } from '@prsp/contracts';
import en from '@/locales/en/push.json';
import fi from '@/locales/fi/push.json';
import sv from '@/locales/sv/push.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('notification settings texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the code names, every event and every problem', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(sourcesIn(import.meta.dirname), 'push');
    expect(named.length).toBeGreaterThan(10);
    const built = [...PUSH_EVENTS, 'denied', 'failed', 'saveFailed', 'devices_one', 'devices_other'].map((k) => `push.${k}`);
    // A plural text is named by its stem ('push.devices') and kept as its forms ('push.devices_one').
    expect([...named, ...built].filter((k) => !known.has(k) && !known.has(`${k}_one`))).toEqual([]);
  });
});
