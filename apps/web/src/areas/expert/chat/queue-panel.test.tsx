import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ExpertQueue, WaitingItem } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import type * as ArrivalSignal from './arrival-signal';
import { QueuePanel } from './queue-panel';

// The sound itself is Web Audio's: what is tested is which chime the desk asks for.
const chimes = vi.hoisted(() => [] as string[]);
vi.mock('./arrival-signal', async (original) => ({
  ...(await original<typeof ArrivalSignal>()),
  playArrivalChime: (kind = 'arrival') => void chimes.push(kind),
}));
vi.mock('@/lib/socket', () => ({ useSocket: () => null, useSocketConnected: () => false }));

const waiting = (channelId: string, name: string, urgency: WaitingItem['urgency']): WaitingItem => ({
  channelId,
  name,
  kind: 'queue',
  serviceName: null,
  waitingSince: 0,
  appointmentStartsAt: null,
  patient: null,
  urgency,
});
const queue = (items: WaitingItem[]): ExpertQueue => ({
  id: 'q1',
  name: 'Hoitajan chat',
  closed: false,
  open: true,
  waiting: items,
  longestWaitSeconds: 600,
});

afterEach(() => {
  vi.unstubAllGlobals();
  chimes.length = 0;
});

/** The desk's queue panel; the server's queues are what `answer()` gives at each look. */
async function renderPanel(answer: () => ExpertQueue[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: answer() })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = await mount(<QueuePanel onAccepted={() => undefined} />, { queryClient: client });
  await vi.waitFor(() => expect(host.querySelector('.waiting-list')).not.toBeNull());
  return { host, client };
}

it('an emergency patient waits first on a marked card with a worded badge and the self-assessment’s text', async () => {
  const { host } = await renderPanel(() => [queue([waiting('c2', 'Eino Hätä', 'emergency'), waiting('c1', 'Olli Tavallinen', null)])]);
  const cards = [...host.querySelectorAll<HTMLLIElement>('.waiting-list li')];
  expect(cards.map((c) => c.querySelector('.waiting-name')!.textContent)).toEqual(['Eino Hätä', 'Olli Tavallinen']);
  expect(cards[0]!.className).toBe('waiting-emergency');
  expect(cards[0]!.querySelector('.urgency-badge')!.textContent).toBe('Hätätilanne – 112');
  expect(cards[0]!.textContent).toContain('Hätätilanne: ohjaa heti päivystykseen tai hätänumeroon 112');
  expect(cards[1]!.className).toBe('');
  expect(cards[1]!.querySelector('.urgency-badge')).toBeNull();
});

it('an urgent patient is marked too, more mildly; a self-care result is not', async () => {
  const { host } = await renderPanel(() => [queue([waiting('c1', 'Ulla Kiire', 'urgent'), waiting('c2', 'Oona Oma', 'selfCare')])]);
  const cards = [...host.querySelectorAll<HTMLLIElement>('.waiting-list li')];
  expect(cards[0]!.className).toBe('waiting-urgent');
  expect(cards[0]!.querySelector('.urgency-badge')!.textContent).toBe('Kiireellinen');
  expect(cards[1]!.querySelector('.urgency-badge')).toBeNull();
});

it('an emergency arriving sounds the alarm and is announced assertively; an ordinary arrival chimes and is announced politely', async () => {
  let now = [queue([waiting('c1', 'Olli Tavallinen', null)])];
  const { host, client } = await renderPanel(() => now);
  const polite = host.querySelector('[role="status"]')!;
  const assertive = host.querySelector('[aria-live="assertive"]')!;
  expect(chimes).toEqual([]);

  now = [queue([waiting('c2', 'Eino Hätä', 'emergency'), waiting('c1', 'Olli Tavallinen', null)])];
  await act(async () => client.invalidateQueries());
  await vi.waitFor(() => expect(chimes).toEqual(['emergency']));
  expect(assertive.textContent).toBe('Hätätilanne jonossa Hoitajan chat: Eino Hätä. Oirearvion mukaan potilas tarvitsee heti apua.');
  expect(polite.textContent).toBe('');

  now = [queue([...now[0]!.waiting, waiting('c3', 'Pirjo Perus', null)])];
  await act(async () => client.invalidateQueries());
  await vi.waitFor(() => expect(chimes).toEqual(['emergency', 'arrival']));
  expect(polite.textContent).toBe('Uusi potilas jonossa Hoitajan chat: Pirjo Perus.');
  expect(assertive.textContent).toBe('');
});
