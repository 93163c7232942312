import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meetingKindOf, type PatientAppointment } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { AppointmentList } from './appointment-list';

const appt = (uuid: string, type: PatientAppointment['type']): PatientAppointment => ({
  uuid,
  name: 'Eeva Asiantuntija',
  startTime: Date.UTC(2026, 11, 1, 8),
  duration: 30,
  type,
  kind: meetingKindOf(type),
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
});

describe("the landing's upcoming appointments (spec §2 landing)", () => {
  it('says of each how it is held, chat, video or group, beside its time (issue 29, major 3)', async () => {
    const host = await mount(
      <MemoryRouter>
        <AppointmentList appointments={[appt('a', 'oneOnOne'), appt('b', 'basic'), appt('c', 'group-video')]} />
      </MemoryRouter>,
      { queryClient: true },
    );
    expect([...host.querySelectorAll('.item .meeting-kind')].map((k) => k.textContent)).toEqual([
      'Chat-vastaanotto',
      'Videovastaanotto',
      'Ryhmävastaanotto videolla',
    ]);
  });
});
