import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PRESENCE_STATES, WHEN_NOBODY_ON_DUTY } from '@prsp/contracts';
import en from '@/locales/en/presence.json';
import fi from '@/locales/fi/presence.json';
import sv from '@/locales/sv/presence.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';

describe('presence texts (issue 32)', () => {
  const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const files = [
    ...sourcesIn(path.join(src, 'areas/expert/presence')),
    path.join(src, 'areas/admin/experts/expert-modal.tsx'),
    path.join(src, 'areas/admin/organisation/sections/presence-section.tsx'),
    path.join(src, 'areas/admin/services/when-nobody-on-duty-field.tsx'),
    path.join(src, 'areas/patient/services/availability.ts'),
    path.join(src, 'areas/patient/chat/waiting-room.tsx'),
  ];

  test('every key named, every state and choice shown, exists in Finnish, Swedish and English', () => {
    const named = keysNamedIn(files, 'presence');
    expect(named.length).toBeGreaterThan(15);
    const built = [...PRESENCE_STATES.map((s) => `presence.states.${s}`), ...WHEN_NOBODY_ON_DUTY.map((c) => `presence.admin.${c}`)];
    expect(missingTexts([...named, ...built], { fi, sv, en })).toEqual([]);
  });

  test('the three languages have the same keys, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });
});
