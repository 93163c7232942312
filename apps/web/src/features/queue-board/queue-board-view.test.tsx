import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { BoardQueue, QueueBoard } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './queue-board-texts';
import { QueueBoardView } from './queue-board-view';

// A socket that records what the page sends and lets the test say what the server tells it.
const fake = vi.hoisted(() => {
  const any = new Set<(event: string) => void>();
  const emitted: string[] = [];
  const socket = {
    connected: true,
    on: () => undefined,
    off: () => undefined,
    onAny: (f: (event: string) => void) => void any.add(f),
    offAny: (f: (event: string) => void) => void any.delete(f),
    emit: (event: string) => void emitted.push(event),
  };
  return { socket, emitted, tell: (event: string) => any.forEach((f) => f(event)) };
});
vi.mock('@/lib/socket', () => ({ useSocket: () => fake.socket, useSocketConnected: () => true }));

const queue = (waiting: number, state: 'available' | 'offline' = 'available'): BoardQueue => ({
  id: 'espoo-nurse',
  name: 'Hoitajan chat',
  personal: false,
  waiting,
  urgentWaiting: 0,
  oldestQueuedAt: waiting > 0 ? new Date(Date.now() - 65_000).toISOString() : null,
  inProgress: 1,
  handledToday: 4,
  abandonedToday: 1,
  experts: [{ expertId: 'e1', name: 'Sanna Hoitaja', state, openChats: 1 }],
});

it('shows each queue as a list item with its figures as terms, refetches when told, and says only a moved waiting count', async () => {
  let answer: QueueBoard = { day: '2026-11-29', at: new Date().toISOString(), queues: [queue(0)] };
  const fetch = vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: answer }));
  vi.stubGlobal('fetch', fetch);
  const host = await mount(<QueueBoardView app="admin" />, { queryClient: true });
  await vi.waitFor(() => expect(host.querySelector('.board-queue')).not.toBeNull());
  expect(fake.emitted).toEqual(['board:watch']);
  const list = host.querySelector('ul.board-queues')!;
  expect(list.getAttribute('aria-label')).toBe('Jonot');
  const terms = [...list.querySelectorAll('dt')].map((d) => d.textContent);
  expect(terms).toEqual([
    'Jonossa',
    'Pisin odotus',
    'Kiireellisiä jonossa',
    'Käynnissä olevat chatit',
    'Hoidettu tänään',
    'Poistui ennen vastausta tänään',
  ]);
  expect(host.querySelector('.presence-badge')!.textContent).toBe('Vapaana');
  const status = host.querySelector('[role="status"]')!;
  expect(status.textContent).toBe('');

  // A patient queued: the board asks again and the live region says the new count once.
  answer = { ...answer, queues: [queue(1)] };
  await act(async () => fake.tell('board:changed'));
  await vi.waitFor(() => expect(host.querySelector('dd')!.textContent).toBe('1'));
  expect(status.textContent).toBe('Hoitajan chat: 1 jonossa.');
  expect(host.querySelector('time')!.textContent).toMatch(/^1:0\d$/);

  // Someone's presence changed, no count did: the board refreshes and the live region stays as it was.
  status.textContent = '';
  answer = { ...answer, queues: [queue(1, 'offline')] };
  await act(async () => fake.tell('presence:changed'));
  await vi.waitFor(() => expect(host.querySelector('.presence-badge')!.textContent).toBe('Ei paikalla'));
  expect(status.textContent).toBe('');
  expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(3);
});
