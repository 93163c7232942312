import { and, eq } from 'drizzle-orm';
import { addDays, atLocalTime, type LocalDate } from '@prsp/contracts';
import type { Tx } from '../client';
import {
  appointments,
  chatChannels,
  chatFeedback,
  chatMessages,
  conversationMessages,
  conversations,
  experts,
  organisations,
  services,
  staffUsers,
  surveyResponses,
} from '../schema';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { registerPatient } from '../../modules/patients/patients.service';

/** A fictional person of the statistics' own (a valid code with individual number 900–999, never a real one). */
export const STATISTICS_PERSON = { ssn: '010180-9004', givenName: 'Tilasto', familyName: 'Esimerkki' };
/** How many days before today the demo's known days end (main.ts; e2e/statistics.spec.ts asks for the same). */
export const STATISTICS_DEMO_DAYS_AGO = 7;
/** Marks the seeded secure messages, so a second run finds them and changes nothing. */
const SUBJECT = 'Tilastojen esimerkki';

/**
 * Three days of known figures for espoo-demo's statistics (docs/statistics.md), ending on `lastDay` (Helsinki
 * days). The integration test and the browser journey read the same rows, so both assert the figures below:
 *
 * - day 1: six nurse chats of Eeva Asiantuntija in `espoo-nurse`, waits 60, 120, 180, 240, 300 and 600 s, each
 *   handled for 300 s, the first transferred once; one chat abandoned; NPS 10, 9, 9, 7, 3, 0 on the six (two with
 *   comments); five appointments booked (Fiia Fysioterapeutti); three secure message requests, two answered by Eeva
 *   after 1 h and 2 h.
 * - day 2: two doctor chats of Lauri Lääkäri in `espoo-doctor` (waits 30 and 90 s, handled 600 and 1200 s) rated
 *   care 4 and 5; two of the appointments cancelled by the patient and one by an admin; four surveys sent, three answered.
 * - day 3: one appointment held, one a no-show.
 *
 * Chats carry no patient and no members (they are nobody's contact history); the messages and surveys are the
 * statistics person's alone. Runs once: an organisation that has the marked messages is left alone.
 */
export async function seedDemoStatistics(tx: Tx, cipher: FieldCipher, lastDay: LocalDate): Promise<void> {
  const [espoo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo')).limit(1);
  if (!espoo) return;
  const org = espoo.id;
  const [done] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organisationId, org), eq(conversations.subject, SUBJECT)))
    .limit(1);
  if (done) return;
  const expertByEmail = async (email: string) => {
    const [row] = await tx
      .select({ id: experts.id })
      .from(experts)
      .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
      .where(and(eq(staffUsers.email, email), eq(experts.organisationId, org)))
      .limit(1);
    return row?.id ?? null;
  };
  // One after the other: `tx` is a transaction's one connection, which runs one query at a time.
  const nurse = await expertByEmail('expert@espoo.example');
  const doctor = await expertByEmail('doctor@espoo.example');
  const physio = await expertByEmail('physio@espoo.example');
  const serviceOf = async (queue: string) => {
    const [row] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.organisationId, org), eq(services.chatQueueId, queue)))
      .limit(1);
    return row?.id ?? null;
  };
  const nurseService = await serviceOf('espoo-nurse');
  const doctorService = await serviceOf('espoo-doctor');
  const patient = await registerPatient(tx, cipher, STATISTICS_PERSON);
  const patientId = patient.id;
  const [day1, day2, day3] = [addDays(lastDay, -2), addDays(lastDay, -1), lastDay];
  const at = (day: LocalDate, hour: number, seconds = 0) => new Date(atLocalTime(day, hour, 0).getTime() + seconds * 1000);

  // Chats: queued at hh:00, accepted after the wait, ended after the handling time.
  const chat = (
    day: LocalDate,
    hour: number,
    queueId: string,
    serviceId: string | null,
    expertId: string | null,
    wait: number | null,
    handling: number,
  ) => ({
    organisationId: org,
    kind: 'queue' as const,
    status: 'ended' as const,
    queueId,
    serviceId,
    expertId: wait === null ? null : expertId,
    queuedAt: at(day, hour),
    createdAt: at(day, hour),
    acceptedAt: wait === null ? null : at(day, hour, wait),
    endedAt: at(day, hour, (wait ?? 0) + handling),
  });
  const nurseChats = await tx
    .insert(chatChannels)
    .values([60, 120, 180, 240, 300, 600].map((wait, i) => chat(day1, 8 + i, 'espoo-nurse', nurseService, nurse, wait, 300)))
    .returning({ id: chatChannels.id });
  await tx.insert(chatChannels).values(chat(day1, 15, 'espoo-nurse', nurseService, null, null, 120));
  const doctorChats = await tx
    .insert(chatChannels)
    .values([
      chat(day2, 9, 'espoo-doctor', doctorService, doctor, 30, 600),
      chat(day2, 10, 'espoo-doctor', doctorService, doctor, 90, 1200),
    ])
    .returning({ id: chatChannels.id });
  await tx.insert(chatMessages).values({
    id: crypto.randomUUID(),
    channelId: nurseChats[0]!.id,
    seq: 1,
    userId: crypto.randomUUID(),
    userName: 'Eeva Asiantuntija',
    role: 'agent',
    kind: 'system',
    text: 'transferred',
    createdAt: at(day1, 8, 120),
  });
  await tx.update(chatChannels).set({ lastSeq: 1 }).where(eq(chatChannels.id, nurseChats[0]!.id));

  // Feedback on those chats.
  const comments: Record<number, string> = { 0: 'Nopea vastaus, kiitos!', 4: 'Jouduin odottamaan.' };
  await tx.insert(chatFeedback).values([
    ...[10, 9, 9, 7, 3, 0].map((score, i) => ({
      organisationId: org,
      channelId: nurseChats[i]!.id,
      serviceId: nurseService,
      expertId: nurse,
      from: 'patient' as const,
      scoreType: 'nps' as const,
      score,
      comment: comments[i] ?? null,
      tags: {},
      createdAt: at(day1, 8 + i, 1200),
    })),
    ...[4, 5].map((score, i) => ({
      organisationId: org,
      channelId: doctorChats[i]!.id,
      serviceId: doctorService,
      expertId: doctor,
      from: 'patient' as const,
      scoreType: 'care' as const,
      score,
      tags: {},
      createdAt: at(day2, 11 + i),
    })),
  ]);

  // Appointments: five booked on day 1 for day 3; on day 2 two cancelled by the patient, one by an admin.
  const states = ['cancelledByPatient', 'cancelledByPatient', 'cancelledByAdmin', 'held', 'noShow'] as const;
  await tx.insert(appointments).values(
    states.map((state, i) => {
      const cancelled = state.startsWith('cancelled');
      return {
        organisationId: org,
        expertId: physio,
        serviceId: nurseService,
        name: 'Tilastojen esimerkkiaika',
        startsAt: at(day3, 8 + i),
        endsAt: at(day3, 8 + i, 1800),
        type: 'oneOnOne' as const,
        status: cancelled ? ('cancelled' as const) : ('selfBooked' as const),
        bookedAt: at(day1, 12, i * 60),
        cancelledAt: cancelled ? at(day2, 12, i * 60) : null,
        cancelledBy: state === 'cancelledByPatient' ? ('patient' as const) : state === 'cancelledByAdmin' ? ('admin' as const) : null,
        heldAt: state === 'held' ? at(day3, 8 + i, 1800) : null,
        noShowAt: state === 'noShow' ? at(day3, 8 + i, 900) : null,
        noShowBy: state === 'noShow' ? ('expert' as const) : null,
      };
    }),
  );

  // Secure messages: three requests on day 1, two answered by the nurse after one and two hours.
  for (const [i, answerAfter] of [3600, 7200, null].entries()) {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        organisationId: org,
        patientId,
        createdByPatientId: patientId,
        kind: 'request',
        subject: SUBJECT,
        expertId: answerAfter === null ? null : nurse,
        createdAt: at(day1, 9 + i),
        lastMessageAt: at(day1, 9 + i, answerAfter ?? 0),
      })
      .returning({ id: conversations.id });
    await tx.insert(conversationMessages).values([
      { conversationId: conversation!.id, authorPatientId: patientId, type: 'text', body: 'Kysymys', createdAt: at(day1, 9 + i) },
      ...(answerAfter === null
        ? []
        : [
            {
              conversationId: conversation!.id,
              authorExpertId: nurse,
              type: 'text' as const,
              body: 'Vastaus',
              createdAt: at(day1, 9 + i, answerAfter),
            },
          ]),
    ]);
  }

  // Surveys: four sent on day 2, three answered.
  await tx.insert(surveyResponses).values(
    [true, true, true, false].map((answered, i) => ({
      organisationId: org,
      patientId,
      surveyName: { fi: 'Tilastokysely', se: 'Statistikenkät', en: 'Statistics survey' },
      trigger: 'expert' as const,
      expertId: nurse,
      answers: answered ? {} : null,
      language: answered ? ('fi' as const) : null,
      respondedAt: answered ? at(day2, 14 + i) : null,
      createdAt: at(day2, 13, i * 60),
    })),
  );
}
