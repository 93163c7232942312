import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meetingKindOf, type PatientAppointment } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { AppointmentDialog } from './appointment-dialog';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const NOW = Date.UTC(2026, 2, 10, 10, 0);

afterEach(() => vi.useRealTimers());

const appt = (extra: Partial<PatientAppointment> = {}): PatientAppointment => ({
  uuid: 'a1',
  name: 'Sairaanhoitajan vastaanotto',
  startTime: NOW + 3 * DAY,
  duration: 30,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
  selfBooked: true,
  ...extra,
});

async function changeLink(a: PatientAppointment) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  const host = await mount(
    <MemoryRouter>
      <AppointmentDialog subject={{ kind: 'scheduled', appointment: a }} onClose={() => undefined} onCancel={() => undefined} />
    </MemoryRouter>,
    { queryClient: true },
  );
  return [...host.querySelectorAll<HTMLAnchorElement>('dialog .actions a')].find((l) => l.textContent === 'Vaihda aikaa') ?? null;
}

describe('appointment modal: change time (issue 29, instead of cancelling and booking again)', () => {
  it('offers it for a future self-booked one-to-one (chat or video), opening the book page in reschedule mode', async () => {
    expect((await changeLink(appt()))?.getAttribute('href')).toBe('/book?reschedule=a1');
    expect(await changeLink(appt({ type: 'basic', kind: meetingKindOf('basic') }))).not.toBeNull();
  });

  it('not for a group, nor a time the organisation booked, nor one within 24 hours or already past', async () => {
    expect(await changeLink(appt({ type: 'group', kind: 'group' }))).toBeNull();
    expect(await changeLink(appt({ type: 'group-video', kind: 'groupVideo' }))).toBeNull();
    expect(await changeLink(appt({ selfBooked: false }))).toBeNull();
    expect(await changeLink(appt({ selfBooked: undefined }))).toBeNull();
    expect(await changeLink(appt({ startTime: NOW + DAY - MIN }))).toBeNull();
    expect(await changeLink(appt({ startTime: NOW - 10 * MIN }))).toBeNull();
  });
});
