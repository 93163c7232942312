import { and, eq, sql } from 'drizzle-orm';
import { addDays, localDateAt, SERVICE_TIME_ZONE } from '@prsp/contracts';
import type { Tx } from '../client';
import { appointmentParticipants, appointments, experts, organisations, patients, services, staffUsers } from '../schema';
import { openTimeType, planSlots } from '../../modules/booking/slot-generation';

const MINUTE = 60_000;
/** The demo's calendar: weekdays 08:00–16:00 in 30-minute slots with lunch at 11:00, for the next 14 days. */
const DAYS = 14;

/**
 * Demo bookings for espoo-demo, so a newcomer can book at once: open timeslots for every expert there for the next
 * 14 days, one of them booked by Matti Korhonen for the day after tomorrow, one past appointment of his (history),
 * and one of Sara Lindholm's later today with the doctor (the expert's schedule). Every open time belongs to the
 * service of the expert's queue and has that service's kind (issue 29: the doctor's are video, so the questionnaire
 * is sent at booking, the e-mail names the service, and a video time can be booked). Runs once: an organisation that
 * has appointments is left alone.
 */
export async function seedDemoBookings(tx: Tx, now = new Date()): Promise<void> {
  const [espoo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo')).limit(1);
  if (!espoo) return;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(eq(appointments.organisationId, espoo.id));
  if ((existing?.n ?? 0) > 0) return;
  const staff = await tx
    .select({
      id: experts.id,
      queue: experts.chatQueueId,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
      email: staffUsers.email,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.organisationId, espoo.id));
  if (staff.length === 0) return;
  const serviceRows = await tx
    .select({ id: services.id, queue: services.chatQueueId, openTimeKind: services.openTimeKind, requiresCode: services.requiresCode })
    .from(services)
    .where(eq(services.organisationId, espoo.id));
  const serviceOf = (queue: string | null) => serviceRows.find((s) => s.queue === queue);
  const today = localDateAt(now, SERVICE_TIME_ZONE);
  const slots = planSlots(
    {
      // Not the physiotherapist's: that service is entered with a chat code the professional gives.
      expertIds: staff.filter((e) => !serviceOf(e.queue)?.requiresCode).map((e) => e.id),
      from: today,
      to: addDays(today, DAYS - 1),
      weekdays: [1, 2, 3, 4, 5],
      dayStart: '08:00',
      dayEnd: '16:00',
      slotMinutes: 30,
      breaks: [{ start: '11:00', end: '11:30' }],
    },
    SERVICE_TIME_ZONE,
  ).filter((s) => s.startsAt > now);
  const byId = new Map(staff.map((e) => [e.id, e]));
  const inserted = await tx
    .insert(appointments)
    .values(
      slots.map((s) => {
        const e = byId.get(s.expertId)!;
        const service = serviceOf(e.queue);
        return {
          organisationId: espoo.id,
          expertId: e.id,
          serviceId: service?.id ?? null,
          name: `${e.firstName} ${e.lastName}`,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          type: openTimeType(undefined, service?.openTimeKind ?? 'chat'),
          status: 'open' as const,
          queueId: e.queue,
        };
      }),
    )
    .returning({ id: appointments.id, expertId: appointments.expertId, startsAt: appointments.startsAt, endsAt: appointments.endsAt });

  const patient = async (familyName: string, givenName: string) =>
    (
      await tx
        .select()
        .from(patients)
        .where(and(eq(patients.givenName, givenName), eq(patients.familyName, familyName)))
        .limit(1)
    )[0];
  const matti = await patient('Korhonen', 'Matti');
  const sara = await patient('Lindholm', 'Sara');
  const book = async (slot: (typeof inserted)[number] | undefined, who: typeof matti) => {
    if (!slot || !who) return;
    await tx.update(appointments).set({ status: 'selfBooked', bookedAt: now, preQuestionnaire: [] }).where(eq(appointments.id, slot.id));
    await tx.insert(appointmentParticipants).values({
      appointmentId: slot.id,
      role: 'patient',
      patientId: who.id,
      name: `${who.givenName} ${who.familyName}`,
      email: `${who.givenName.toLowerCase()}.${who.familyName.toLowerCase()}@example.fi`,
      language: 'fi',
      nationality: 'fi',
    });
  };
  const [nurse, doctor] = staff;
  const inTwoDays = now.getTime() + 2 * 24 * 60 * MINUTE;
  await book(
    inserted.find((s) => s.expertId === nurse!.id && s.startsAt.getTime() >= inTwoDays),
    matti,
  );
  await book(
    inserted.find((s) => s.expertId === (doctor ?? nurse)!.id && localDateAt(s.startsAt, SERVICE_TIME_ZONE) === today),
    sara,
  );
  if (matti) {
    const startsAt = new Date(now.getTime() - 3 * 24 * 60 * MINUTE);
    const [past] = await tx
      .insert(appointments)
      .values({
        organisationId: espoo.id,
        expertId: nurse!.id,
        serviceId: serviceOf(nurse!.queue)?.id ?? null,
        name: `${nurse!.firstName} ${nurse!.lastName}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
        type: 'oneOnOne',
        status: 'booked',
        bookedAt: startsAt,
        queueId: nurse!.queue,
      })
      .returning({ id: appointments.id });
    await tx.insert(appointmentParticipants).values({
      appointmentId: past!.id,
      role: 'patient',
      patientId: matti.id,
      name: 'Matti Korhonen',
      email: 'matti.korhonen@example.fi',
      language: 'fi',
      nationality: 'fi',
    });
  }
}
