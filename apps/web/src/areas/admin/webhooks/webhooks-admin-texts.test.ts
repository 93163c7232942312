import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@prsp/contracts';
import en from '@/locales/en/webhooks-admin.json';
import fi from '@/locales/fi/webhooks-admin.json';
import sv from '@/locales/sv/webhooks-admin.json';
import staffEn from '@/locales/en/staff.json';
import staffFi from '@/locales/fi/staff.json';
import staffSv from '@/locales/sv/staff.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';

describe('webhook texts', () => {
  const files = sourcesIn(path.dirname(new URL(import.meta.url).pathname));

  test('every key the page names, and every event and state it shows, exists in Finnish, Swedish and English', () => {
    const named = keysNamedIn(files, 'webhooksAdmin');
    expect(named.length).toBeGreaterThan(30);
    const built = [
      ...[...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].map((e) => `webhooksAdmin.eventNames.${e}`),
      ...WEBHOOK_DELIVERY_STATES.map((s) => `webhooksAdmin.deliveryStates.${s}`),
    ];
    // An event's name is looked up by its type's path ('booking.created' → eventNames.booking.created).
    expect(missingTexts([...named, ...built], { fi, sv, en })).toEqual([]);
    expect(missingTexts(keysNamedIn(files, 'staff'), { fi: staffFi, sv: staffSv, en: staffEn })).toEqual([]);
  });

  test('the three languages have the same keys, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });
});
