import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/video.json';
import fi from '../../locales/fi/video.json';
import sv from '../../locales/sv/video.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Files that name video texts: this feature and the pages that show it. */
const SOURCES = [
  ...readdirSync(import.meta.dirname)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(import.meta.dirname, f)),
  path.join(import.meta.dirname, '../../areas/expert/chat/queue-panel.tsx'),
  path.join(import.meta.dirname, '../../areas/patient/chat/waiting-room.tsx'),
];

describe('video texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expect(keys(sv).sort()).toEqual(keys(fi).sort());
    expect(keys(en).sort()).toEqual(keys(fi).sort());
    for (const texts of [fi, sv, en])
      for (const k of keys(texts)) expect(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], texts)).not.toBe('');
  });

  it('have a text for every whole key the code names', () => {
    const known = new Set(keys(fi));
    const named = SOURCES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(video\.[A-Za-z.]+[A-Za-z])'/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((k) => !known.has(k))).toEqual([]);
  });

  it('have every text the code builds from a state (quality, verdicts, media problems, roles)', () => {
    const known = new Set(keys(fi));
    const built = [
      ...['good', 'fair', 'poor', 'unknown'].map((q) => `video.quality.${q}`),
      ...['works', 'relayOnly', 'limited', 'blocked', 'unknown'].map((v) => `video.check.verdict.${v}`),
      ...['cameraDenied', 'cameraMissing', 'microphoneDenied', 'microphoneMissing'].map((m) => `video.media.${m}`),
      ...['patient', 'agent', 'guest'].map((r) => `video.participants.roles.${r}`),
      ...['session', 'join'].map((e) => `video.errors.${e}`),
      ...['joined', 'left'].map((e) => `video.announce.${e}`),
      ...['audioinput', 'videoinput', 'audiooutput'].map((d) => `video.controls.${d}`),
    ];
    expect(built.filter((k) => !known.has(k))).toEqual([]);
  });
});
