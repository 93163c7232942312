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

it('with nobody on duty, promises no time; with some, says how many (issue 32)', async () => {
  const nobody = await mount(<WaitingRoom channel={queued} text="" onDuty={0} />);
  expect(status(nobody)).not.toContain('Arvioitu odotusaika');
  expect(status(nobody)).toContain('Kukaan ammattilainen ei päivystä juuri nyt');
  const two = await mount(<WaitingRoom channel={queued} text="" onDuty={2} />);
  expect(status(two)).toContain('Arvioitu odotusaika alle minuutti.');
  expect(status(two)).toContain('2 ammattilaista päivystää nyt.');
});
