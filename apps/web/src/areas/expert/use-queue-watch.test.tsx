import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, test, vi } from 'vitest';
import type { ExpertQueue, WaitingItem } from '@prsp/contracts';
import { mount } from '@/test/mount';
import { usePageTitle } from '@/lib/use-page-title';
import { newPatientQueues, waitingTotal } from './use-queue-watch';
import { ExpertApp } from './expert-app';

/** A socket that keeps its handlers, so a test can play the server's `queue:changed`. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    connected: true,
    emitted: [] as string[],
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
    },
    emit(event: string) {
      this.emitted.push(event);
    },
    serverSays(event: string, payload: unknown) {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    },
  };
});
const notices = vi.hoisted(() => [] as unknown[]);
vi.mock('@/lib/socket', () => ({ useSocket: () => socket, useSocketConnected: () => true }));
vi.mock('./desk-notifications', async (original) => ({
  ...(await original<object>()),
  notifyDesk: (notice: unknown) => void notices.push(notice),
}));
vi.mock('@/features/staff/staff-api', async (original) => ({
  ...(await original<object>()),
  useStaffUser: () => ({ data: { firstName: 'Eeva', language: 'fi' }, isPending: false }),
  useForgetUserOnSessionEnd: () => undefined,
}));
vi.mock('@/features/staff/staff-language', () => ({ useStaffStartLanguage: () => undefined, StaffLanguageSwitcher: () => null }));
vi.mock('@/features/staff/profile-menu', () => ({ ProfileMenu: () => null }));
vi.mock('./expert-api', () => ({
  useExpertOrganisation: () => ({ data: { name: 'Espoon etävastaanotto', flags: { remoteReceptionEnabled: true } } }),
}));
vi.mock('@/features/queue-board/queue-board-api', () => ({ useShiftLead: () => ({ data: { shiftLead: false } }) }));
vi.mock('./presence/presence-control', () => ({ PresenceControl: () => null }));
vi.mock('./presence/use-presence-heartbeat', () => ({ usePresenceHeartbeat: () => undefined }));
// A page of the app other than the desk: the schedule, with its own title.
vi.mock('./booking/schedule-page', () => ({
  SchedulePage: () => {
    usePageTitle('Aikataulu');
    return <h1>Aikataulu</h1>;
  },
}));

const waiting = (channelId: string, name: string): WaitingItem => ({
  channelId,
  name,
  kind: 'queue',
  serviceName: null,
  waitingSince: 0,
  appointmentStartsAt: null,
  patient: null,
  urgency: null,
});
const queue = (id: string, name: string, items: WaitingItem[]): ExpertQueue => ({
  id,
  name,
  closed: false,
  open: true,
  waiting: items,
  longestWaitSeconds: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
  notices.length = 0;
  socket.emitted.length = 0;
});

describe('the rules of the queue watch', () => {
  test('who waits, all queues together', () => {
    expect(waitingTotal(undefined)).toBe(0);
    expect(waitingTotal([queue('q1', 'A', [waiting('c1', 'X')]), queue('q2', 'B', [waiting('c2', 'Y'), waiting('c3', 'Z')])])).toBe(3);
  });
  test('the first look only learns who waits; then each queue someone new waits in is named once', () => {
    const now = [queue('q1', 'A', [waiting('c1', 'X'), waiting('c2', 'Y')]), queue('q2', 'B', [waiting('c3', 'Z')])];
    expect(newPatientQueues(null, now)).toEqual([]);
    expect(newPatientQueues(new Set(['c3']), now)).toEqual(['A']);
    expect(newPatientQueues(new Set(), now)).toEqual(['A', 'B']);
    expect(newPatientQueues(new Set(['c1', 'c2', 'c3']), now)).toEqual([]);
  });
});

it('on a page other than the desk the tab title counts a patient who starts waiting, and a new patient is notified', async () => {
  let queues = [queue('q1', 'Hoitajan chat', [])];
  const fetch = vi.fn(async (url: string) => {
    const data = String(url).startsWith('/api/expert/chat/queues') ? queues : {};
    return Response.json({ status: 'ok', statusCode: 200, data });
  });
  vi.stubGlobal('fetch', fetch);
  await mount(
    <MemoryRouter initialEntries={['/expert/schedule']}>
      <Routes>
        <Route path="/expert/*" element={<ExpertApp />} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(document.title).toBe('Aikataulu – Espoon etävastaanotto'));
  await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/expert/chat/queues'))).toBe(true));
  expect(socket.emitted).toContain('queue:watch');
  expect(notices).toEqual([]);

  queues = [queue('q1', 'Hoitajan chat', [waiting('c1', 'Pirkko Potilas')])];
  await act(async () => socket.serverSays('queue:changed', { queueId: 'q1' }));
  await vi.waitFor(() => expect(document.title).toBe('(1) Aikataulu – Espoon etävastaanotto'));
  expect(notices).toEqual([{ kind: 'newPatient', queue: 'Hoitajan chat' }]);
});
