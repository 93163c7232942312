import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/video.json';
import fi from '@/locales/fi/video.json';
import sv from '@/locales/sv/video.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

/** Files that name video texts: this feature and the pages that show it. */
const SOURCES = [
  ...sourcesIn(import.meta.dirname),
  path.join(import.meta.dirname, '../../areas/expert/chat/queue-panel.tsx'),
  path.join(import.meta.dirname, '../../areas/patient/chat/waiting-room.tsx'),
];

describe('video texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every whole key the code names', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(SOURCES, 'video');
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((k) => !known.has(k))).toEqual([]);
  });

  it('have every text the code builds from a state (quality, verdicts, media problems, roles)', () => {
    const known = new Set(textKeys(fi));
    const built = [
      ...['good', 'fair', 'poor', 'unknown'].map((q) => `video.quality.${q}`),
      ...['works', 'relayOnly', 'limited', 'localOnly', 'blocked', 'unknown'].map((v) => `video.check.verdict.${v}`),
      ...['local', 'direct', 'relay'].map((p) => `video.check.paths.${p}`),
      ...['cameraDenied', 'cameraMissing', 'microphoneDenied', 'microphoneMissing'].map((m) => `video.media.${m}`),
      ...['patient', 'agent', 'guest'].map((r) => `video.participants.roles.${r}`),
      ...['session', 'join'].map((e) => `video.errors.${e}`),
      ...['joined', 'left'].map((e) => `video.announce.${e}`),
      ...['audioinput', 'videoinput', 'audiooutput'].map((d) => `video.controls.${d}`),
    ];
    expect(built.filter((k) => !known.has(k))).toEqual([]);
  });
});
