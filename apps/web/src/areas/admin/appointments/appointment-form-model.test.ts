import { describe, expect, test } from 'vitest';
import type { AppointmentDetail } from '@prsp/contracts';
import {
  appointmentErrors,
  bodyOf,
  duplicateErrors,
  emptyPatient,
  initialForm,
  splitName,
  timesOfSlot,
  type AppointmentForm,
} from './appointment-form-model';

const EXPERT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SLOT = '33333333-3333-4333-8333-333333333333';
const now = { date: '2026-05-10', time: '12:00' };
const aino = {
  ssn: '010190-124n',
  firstName: 'Aino',
  lastName: 'Testinen',
  email: 'aino@example.fi',
  language: 'fi' as const,
  nationality: 'fi',
};

function oneOnOne(overrides: Partial<AppointmentForm> = {}): AppointmentForm {
  return {
    ...initialForm({ today: now.date }),
    source: 'free',
    date: '2026-05-11',
    expertId: EXPERT,
    startTime: '09:00',
    patient: aino,
    ...overrides,
  };
}

describe('appointment form (spec §5 Appointment (admin))', () => {
  test('a picked timeslot gives the expert and the Helsinki date, time and length', () => {
    // 2026-05-11 06:00Z is 09:00 in Helsinki (summer time).
    const slot = {
      id: SLOT,
      expertId: EXPERT,
      expertName: 'Eeva',
      startTime: Date.UTC(2026, 4, 11, 6),
      endTime: Date.UTC(2026, 4, 11, 6, 45),
    };
    expect(timesOfSlot(slot)).toEqual({
      timeslotId: SLOT,
      expertId: EXPERT,
      date: '2026-05-11',
      startTime: '09:00',
      durationMinutes: '45',
      video: false,
    });
    // A video open time is booked as video (issue 29).
    expect(timesOfSlot({ ...slot, video: true }).video).toBe(true);
    const form = initialForm({ slot, today: now.date });
    expect(form.source).toBe('timeslot');
    expect(bodyOf({ ...form, patient: aino })).toMatchObject({
      timeslotId: SLOT,
      expertId: EXPERT,
      date: '2026-05-11',
      startTime: '09:00',
    });
  });

  test('a one-to-one body has its patient with the identity code in normal form; a free time sends no timeslot', () => {
    const body = bodyOf(oneOnOne());
    expect(body).toMatchObject({
      kind: 'oneOnOne',
      timeslotId: null,
      serviceId: null,
      durationMinutes: 30,
      sendConfirmation: true,
      video: false,
    });
    expect(body.patient).toEqual({ ...aino, ssn: '010190-124N' });
    expect(appointmentErrors(oneOnOne(), now)).toEqual({});
  });

  test('identity code, past date and time, and a missing timeslot are caught before sending', () => {
    expect(appointmentErrors(oneOnOne({ patient: { ...aino, ssn: '010190-1234' } }), now)).toEqual({
      'patient.ssn': 'ssn',
    });
    expect(appointmentErrors(oneOnOne({ patient: { ...aino, ssn: '' } }), now)).toEqual({ 'patient.ssn': 'required' });
    expect(appointmentErrors(oneOnOne({ date: '2026-05-09' }), now)).toEqual({ date: 'pastDate' });
    expect(appointmentErrors(oneOnOne({ date: '2026-05-10', startTime: '11:30' }), now)).toEqual({ startTime: 'pastTime' });
    expect(appointmentErrors(oneOnOne({ date: '2026-05-10', startTime: '12:30' }), now)).toEqual({});
    // Editing keeps an appointment's own (possibly started) time.
    expect(appointmentErrors(oneOnOne({ date: '2026-05-09' }), now, { editing: true })).toEqual({});
    expect(appointmentErrors(oneOnOne({ source: 'timeslot', expertId: '', startTime: '' }), now)).toEqual({
      timeslotId: 'timeslot',
    });
    expect(appointmentErrors(oneOnOne({ patient: { ...emptyPatient(), ssn: aino.ssn } }), now)).toMatchObject({
      'patient.firstName': 'required',
      'patient.lastName': 'required',
      'patient.email': 'email',
    });
  });

  test('a group needs an organiser (any expert) and has no duplicate patient, expert or guest', () => {
    const group = oneOnOne({
      kind: 'group',
      hostExpertId: '',
      patients: [aino, { ...aino, ssn: ' 010190-124N ' }],
      experts: [OTHER, EXPERT, OTHER],
      guests: [
        { name: 'Vieras', email: 'Guest@Example.fi', language: 'en' },
        { name: 'Toinen', email: 'guest@example.fi ', language: 'fi' },
      ],
    });
    expect(appointmentErrors(group, now)).toEqual({
      hostExpertId: 'required',
      'patients.1.ssn': 'duplicate',
      'experts.2': 'duplicate',
      'guests.1.email': 'duplicate',
    });
    // Every expert can organise a group or take part in one (issue 28): none is refused for want of a chat id.
    expect(appointmentErrors({ ...group, hostExpertId: OTHER, patients: [aino], experts: [OTHER], guests: [] }, now)).toEqual({});
    const ok = { ...group, hostExpertId: EXPERT, patients: [aino], experts: [OTHER], guests: [] };
    expect(appointmentErrors(ok, now)).toEqual({});
    expect(bodyOf(ok)).toMatchObject({ kind: 'group', patient: null, hostExpertId: EXPERT, experts: [OTHER], guests: [] });
  });

  test('duplicates are told only on the later copies, and blanks are not duplicates', () => {
    expect(duplicateErrors({ patients: [emptyPatient(), emptyPatient()], experts: [], guests: [] })).toEqual({});
  });

  test('an existing group opens with its participants, without its own expert and organiser among the extra experts', () => {
    const detail: AppointmentDetail = {
      id: 'a1',
      kind: 'group',
      status: 'booked',
      name: 'Ryhmä',
      startTime: Date.UTC(2026, 0, 15, 8),
      endTime: Date.UTC(2026, 0, 15, 9),
      duration: 60,
      expert: { id: EXPERT, name: 'Eeva' },
      service: null,
      patientName: null,
      participantCount: 4,
      visit: null,
      cancelReason: null,
      heldUntil: null,
      video: true,
      hostExpertId: EXPERT,
      participants: [
        {
          id: 'p1',
          role: 'expert',
          name: 'Eeva',
          firstName: null,
          lastName: null,
          email: null,
          language: 'fi',
          ssn: null,
          nationality: null,
          expertId: EXPERT,
          patientId: null,
          pinLockedUntil: null,
        },
        {
          id: 'p2',
          role: 'expert',
          name: 'Olli',
          firstName: null,
          lastName: null,
          email: null,
          language: 'fi',
          ssn: null,
          nationality: null,
          expertId: OTHER,
          patientId: null,
          pinLockedUntil: null,
        },
        {
          id: 'p3',
          role: 'patient',
          name: 'Anna Maria Virtanen',
          firstName: 'Anna Maria',
          lastName: 'Virtanen',
          email: 'a@x.fi',
          language: 'se',
          ssn: '010190-124N',
          nationality: 'se',
          expertId: null,
          patientId: null,
          pinLockedUntil: null,
        },
        {
          id: 'p4',
          role: 'guest',
          name: 'Vieras',
          firstName: null,
          lastName: null,
          email: 'g@x.fi',
          language: 'en',
          ssn: null,
          nationality: null,
          expertId: null,
          patientId: null,
          pinLockedUntil: null,
        },
      ],
      preQuestionnaire: [],
      queueId: null,
      cancelledAt: null,
      attachedSurveys: [],
    };
    const form = initialForm({ detail, today: now.date });
    // Winter time: 08:00Z is 10:00 in Helsinki.
    expect(form).toMatchObject({
      kind: 'group',
      source: 'free',
      date: '2026-01-15',
      startTime: '10:00',
      durationMinutes: '60',
      name: 'Ryhmä',
      video: true,
    });
    expect(bodyOf(form)).toMatchObject({ video: true });
    expect(form.experts).toEqual([OTHER]);
    expect(form.patients).toEqual([
      { ssn: '010190-124N', firstName: 'Anna Maria', lastName: 'Virtanen', email: 'a@x.fi', language: 'se', nationality: 'se' },
    ]);
    expect(form.guests).toEqual([{ name: 'Vieras', email: 'g@x.fi', language: 'en' }]);
  });

  test('a name splits at its last space', () => {
    expect(splitName(' Aino Testinen ')).toEqual({ firstName: 'Aino', lastName: 'Testinen' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
