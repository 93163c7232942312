import { expect, it } from 'vitest';
import type { ChatChannel } from '@prsp/contracts';
import { formatTime } from '@/lib/format';
import { mount } from '@/test/mount';
import '../patient-texts';
import { WaitingRoom } from './waiting-room';

const HOUR = 3_600_000;
const queued: ChatChannel = {
  id: 'c1',
  kind: 'queue',
  status: 'waiting',
  queueId: 'q1',
  serviceName: null,
  appointmentId: null,
  position: 1,
  estimatedWaitSeconds: 20,
  appointmentStartsAt: null,
  createdAt: 0,
  acceptedAt: null,
  endedAt: null,
  members: [],
  me: { userId: 'p1', role: 'patient' },
  expertId: null,
  lastSeq: 0,
  video: false,
};
const booked = (startsAt: number): ChatChannel => ({ ...queued, kind: 'appointment', appointmentId: 'a1', appointmentStartsAt: startsAt });
const status = (host: HTMLElement) => host.querySelector('[role="status"]')!.textContent;

it('a queue chat keeps its estimate', async () => {
  const host = await mount(<WaitingRoom channel={queued} text="" />);
  expect(status(host)).toContain('Arvioitu odotusaika alle minuutti.');
});

it('a booked appointment says when it starts, not the queue’s estimate (issue 29)', async () => {
  const startsAt = Date.now() + HOUR;
  const host = await mount(<WaitingRoom channel={booked(startsAt)} text="" />);
  expect(status(host)).toContain(`Vastaanottosi alkaa klo ${formatTime(startsAt, 'fi')}.`);
  expect(status(host)).not.toContain('Arvioitu odotusaika');
});

it('after the start it says the professional is running late', async () => {
  const host = await mount(<WaitingRoom channel={booked(Date.now() - 60_000)} text="" />);
  expect(status(host)).toContain('Ammattilainen on hieman myöhässä, pysy tällä sivulla.');
  expect(status(host)).not.toContain('Arvioitu odotusaika');
});
