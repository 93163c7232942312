import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Tx } from '../client';
import { appointmentParticipants, appointments, experts, organisations, patients, staffUsers } from '../schema';
import { hashSecret } from '../../platform/crypto/secret-hash';

/** The demo guest (demo seed only): the e-mail and PIN the start banner prints. Never used outside the demo. */
export const DEMO_GUEST = { name: 'Gabriel Guest', email: 'guest@demo.example', pin: '246810' } as const;

const MINUTE = 60_000;
const LENGTH_MINUTES = 120;

/**
 * The demo's guest way, ensured on every demo start: a live `group-video` appointment of the demo expert (Eeva
 * Asiantuntija, espoo-demo) with Matti Korhonen and the demo guest, from now rounded down to 5 minutes for 2 hours,
 * so a newcomer can open the guest page and sign in at once. An appointment of the demo guest that has not ended is
 * kept; otherwise a new one is made, taking the place of the expert's open timeslots then (booked appointments are
 * never moved: with one in the way it tries the next expert, and with none free it makes nothing). Answers the
 * appointment's id, or null.
 */
export async function ensureDemoGuestAppointment(tx: Tx, now = new Date()): Promise<string | null> {
  const [espoo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo')).limit(1);
  if (!espoo) return null;
  const [live] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.organisationId, espoo.id),
        eq(appointments.type, 'group-video'),
        inArray(appointments.status, ['booked', 'selfBooked']),
        gt(appointments.endsAt, now),
        eq(appointmentParticipants.email, DEMO_GUEST.email),
      ),
    )
    .limit(1);
  if (live) return live.id;

  const startsAt = new Date(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE);
  const endsAt = new Date(startsAt.getTime() + LENGTH_MINUTES * MINUTE);
  const staff = await tx
    .select({ id: experts.id, email: staffUsers.email, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.organisationId, espoo.id));
  // The demo expert first.
  staff.sort((a, b) => Number(b.email === 'expert@espoo.example') - Number(a.email === 'expert@espoo.example'));
  const overlapping = (expertId: string) =>
    and(
      eq(appointments.expertId, expertId),
      ne(appointments.status, 'cancelled'),
      lt(appointments.startsAt, endsAt),
      gt(appointments.endsAt, startsAt),
    );
  for (const e of staff) {
    const inTheWay = await tx.select({ status: appointments.status }).from(appointments).where(overlapping(e.id));
    if (inTheWay.some((a) => a.status !== 'open')) continue;
    await tx.delete(appointments).where(and(overlapping(e.id), eq(appointments.status, 'open')));
    const [a] = await tx
      .insert(appointments)
      .values({
        organisationId: espoo.id,
        expertId: e.id,
        hostExpertId: e.id,
        name: 'Ryhmävastaanotto (demo)',
        startsAt,
        endsAt,
        type: 'group-video',
        status: 'booked',
        bookedAt: now,
        preQuestionnaire: [],
      })
      .returning({ id: appointments.id });
    const [matti] = await tx
      .select()
      .from(patients)
      .where(and(eq(patients.givenName, 'Matti'), eq(patients.familyName, 'Korhonen')))
      .limit(1);
    if (matti)
      await tx.insert(appointmentParticipants).values({
        appointmentId: a!.id,
        role: 'patient',
        patientId: matti.id,
        name: 'Matti Korhonen',
        firstName: 'Matti',
        lastName: 'Korhonen',
        email: 'matti.korhonen@example.fi',
        language: 'fi',
        nationality: 'fi',
      });
    await tx.insert(appointmentParticipants).values({
      appointmentId: a!.id,
      role: 'guest',
      name: DEMO_GUEST.name,
      email: DEMO_GUEST.email,
      language: 'en',
      pinHash: await hashSecret(DEMO_GUEST.pin),
    });
    return a!.id;
  }
  return null;
}
