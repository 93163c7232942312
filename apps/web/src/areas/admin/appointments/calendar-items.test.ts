import { describe, expect, it } from 'vitest';
import { atLocalTime, type CalendarAppointment, type CalendarWeek } from '@prsp/contracts';
import '../admin-texts';
import { i18n } from '@/lib/i18n';
import { calendarItems, isMovable, mondayOf } from './calendar-items';

const t = i18n.getFixedT('fi');
const day = '2026-12-01';
const at = (h: number, m = 0) => atLocalTime(day, h, m).getTime();
const appointment = (over: Partial<CalendarAppointment>): CalendarAppointment => ({
  id: 'a',
  kind: 'oneOnOne',
  status: 'booked',
  name: 'Eeva Asiantuntija',
  startTime: at(9),
  endTime: at(9, 30),
  duration: 30,
  expert: { id: 'e1', name: 'Eeva Asiantuntija' },
  service: null,
  patientName: 'Aino Virtanen',
  participantCount: 1,
  heldUntil: null,
  video: false,
  visit: null,
  cancelReason: null,
  people: ['Aino Virtanen'],
  ...over,
});
const week = (appointments: CalendarAppointment[], breaks: CalendarWeek['breaks'] = []): CalendarWeek => ({
  from: day,
  days: 7,
  appointments,
  breaks,
});
const opts = { t, lang: 'fi' as const, canEdit: true, showExpert: false, now: at(0), expertNames: new Map([['e1', 'Eeva Asiantuntija']]) };

describe('calendarItems', () => {
  it('says time, kind, state and people in the label and the lines; a reserved one drags, an open one drags and takes drops', () => {
    const items = calendarItems(
      week([
        appointment({}),
        appointment({ id: 'o', status: 'open', people: [], patientName: null, video: true, startTime: at(10), endTime: at(10, 30) }),
        appointment({ id: 'g', kind: 'group', name: 'Ryhmä', video: true, people: ['Aino Virtanen', 'Vieras'], startTime: at(11) }),
      ]),
      opts,
    );
    expect(items[0]).toMatchObject({
      label: '1.12.2026 09.00–09.30, Chat, Varattu, Aino Virtanen',
      lines: ['09.00–09.30', 'Chat · Varattu', 'Aino Virtanen'],
      tone: 'booked',
      draggable: true,
      dropTarget: false,
    });
    expect(items[1]).toMatchObject({ label: '1.12.2026 10.00–10.30, Video, Vapaa', tone: 'open', draggable: true, dropTarget: true });
    expect(items[2]).toMatchObject({
      tone: 'group',
      lines: expect.arrayContaining(['Ryhmävideo · Varattu', 'Ryhmä', 'Aino Virtanen, Vieras']),
    });
  });

  it('names the expert in a service’s view, shows breaks as inert items, and drags nothing without the edit right', () => {
    const items = calendarItems(week([appointment({})], [{ id: 'b', expertId: 'e1', startTime: at(12), endTime: at(12, 30) }]), {
      ...opts,
      canEdit: false,
      showExpert: true,
    });
    expect(items[0]!.label).toContain('asiantuntija Eeva Asiantuntija');
    expect(items[0]!.draggable).toBe(false);
    expect(items[1]).toMatchObject({
      id: 'break-b',
      tone: 'break',
      inert: true,
      label: '1.12.2026 12.00–12.30, Tauko, asiantuntija Eeva Asiantuntija',
    });
  });

  it('a settled visit or one that is over is shown, muted, and does not move; an open time a patient is booking does not take drops', () => {
    const [held, over, onHold] = calendarItems(
      week([
        appointment({ visit: 'held' }),
        appointment({ id: 'p', startTime: at(0) - 3600_000, endTime: at(0) - 1800_000 }),
        appointment({ id: 'h', status: 'open', heldUntil: at(1), people: [] }),
      ]),
      opts,
    );
    expect(held).toMatchObject({ tone: 'muted', draggable: false, lines: expect.arrayContaining(['Chat · Toteutunut']) });
    expect(over!.draggable).toBe(false);
    expect(onHold).toMatchObject({ draggable: false, dropTarget: false, lines: expect.arrayContaining(['Chat · Potilas varaamassa']) });
  });
});

it('starts a week on Monday and knows what moves', () => {
  expect(mondayOf('2026-12-01')).toBe('2026-11-30');
  expect(mondayOf('2026-12-06')).toBe('2026-11-30');
  expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  expect(isMovable(appointment({ status: 'selfBooked' }), at(0))).toBe(true);
  expect(isMovable(appointment({ status: 'cancelled' }), at(0))).toBe(false);
});
