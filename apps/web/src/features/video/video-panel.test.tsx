import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import type { VideoPeer } from '@prsp/contracts';
import { mount } from '@/test/mount';
import type { CallSnapshot, VideoCall } from './video-call';
import { VideoPanel } from './video-panel';

// The call itself (media, socket) is not what is tested here: the panel gets a call already in progress.
const current = vi.hoisted(() => ({ state: null as unknown }));
vi.mock('./use-video-call', () => ({
  useVideoCall: () => ({ call: { toggleAudio() {}, toggleVideo() {}, toggleScreen() {}, leave() {} }, state: current.state }),
}));

const peer = (peerId: string, name: string): VideoPeer =>
  ({ peerId, name, role: 'guest', audio: true, video: true, screen: false, feedId: null }) as VideoPeer;

function inCall(peers: VideoPeer[]): CallSnapshot {
  return {
    phase: 'in-call',
    error: null,
    mediaProblem: null,
    myPeerId: 'me',
    myName: 'Aino',
    provider: 'mesh',
    peers,
    streams: new Map(),
    bytes: new Map(),
    preview: null,
    audio: true,
    video: true,
    screen: false,
    hasMicrophone: true,
    hasCamera: true,
    audioOnly: false,
    quality: 'good',
    sample: null,
    devices: [],
    choice: {},
    lastEvent: null,
  } as CallSnapshot & Partial<VideoCall>;
}

const tiles = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('.video-tiles > figure')];
const enlargeButtons = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>('button.video-enlarge')];
const buttonNames = (host: HTMLElement) => [...host.querySelectorAll('.video-controls button')].map((b) => b.textContent);

beforeEach(() => {
  current.state = inCall([]);
});

it('in a group call each tile has a labelled toggle that shows it large and back', async () => {
  current.state = inCall([peer('p1', 'Anna'), peer('p2', 'Ben'), peer('p3', 'Cecilia')]);
  const host = await mount(<VideoPanel channelId="c1" />);

  expect(enlargeButtons(host).map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')])).toEqual([
    ['Näytä suurena: Anna', 'false'],
    ['Näytä suurena: Ben', 'false'],
    ['Näytä suurena: Cecilia', 'false'],
    ['Näytä suurena: Sinä', 'false'],
  ]);
  expect(tiles(host).some((f) => f.classList.contains('enlarged'))).toBe(false);

  // A native button: Enter and Space press it like a click does.
  await act(async () => enlargeButtons(host)[1]!.click());
  expect(
    tiles(host)
      .filter((f) => f.classList.contains('enlarged'))
      .map((f) => f.querySelector('figcaption')?.textContent),
  ).toEqual(['Ben']);
  expect(enlargeButtons(host)[1]!.getAttribute('aria-pressed')).toBe('true');

  // Another tile takes its place; pressing the enlarged one again shows every tile small.
  await act(async () => enlargeButtons(host)[3]!.click());
  expect(
    tiles(host)
      .filter((f) => f.classList.contains('enlarged'))
      .map((f) => f.classList.contains('video-self-tile')),
  ).toEqual([true]);
  await act(async () => enlargeButtons(host)[3]!.click());
  expect(tiles(host).some((f) => f.classList.contains('enlarged'))).toBe(false);
  expect(enlargeButtons(host).every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
});

it('a one-to-one call has no enlarge buttons: the other person already fills the picture', async () => {
  current.state = inCall([peer('p1', 'Anna')]);
  const host = await mount(<VideoPanel channelId="c1" />);
  expect(enlargeButtons(host)).toEqual([]);
});

it('offers screen sharing only where the browser has getDisplayMedia and is not a phone', async () => {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: {}, userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' });
  let host = await mount(<VideoPanel channelId="c1" />);
  expect(buttonNames(host)).toEqual(['Mikrofoni', 'Kamera', 'Poistu videopuhelusta']);

  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getDisplayMedia() {} }, userAgent: 'Mozilla/5.0 (iPhone) Mobile/15E148' });
  host = await mount(<VideoPanel channelId="c2" />);
  expect(buttonNames(host)).not.toContain('Jaa näyttö');

  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getDisplayMedia() {} },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  });
  host = await mount(<VideoPanel channelId="c3" />);
  expect(buttonNames(host)).toEqual(['Mikrofoni', 'Kamera', 'Jaa näyttö', 'Poistu videopuhelusta']);
});

it('gives the call buttons and the enlarge toggles touch targets of at least 44 × 44 px', async () => {
  // jsdom applies no style sheets, so the rule itself is checked, and that the buttons carry its classes.
  const videoCss = readFileSync(path.join(import.meta.dirname, 'video.css'), 'utf8');
  const rule = (selector: string) => videoCss.match(new RegExp(`(^|\\n)${selector.replace(/[.*]/g, '\\$&')} \\{([^}]*)\\}`))?.[2] ?? '';
  for (const selector of ['.video-controls .button', '.video-enlarge']) {
    expect(rule(selector)).toMatch(/min-height: 44px;/);
    expect(rule(selector)).toMatch(/min-width: 44px;/);
  }
  current.state = inCall([peer('p1', 'Anna'), peer('p2', 'Ben')]);
  const host = await mount(<VideoPanel channelId="c1" />);
  expect([...host.querySelectorAll('.video-controls button')].every((b) => b.classList.contains('button'))).toBe(true);
});
