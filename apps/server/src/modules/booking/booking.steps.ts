import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addDays, atLocalTime, localDateAt } from '@prsp/contracts';
import { appointments, experts, patientContacts, patients, services, staffUsers, termsAcceptances } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { createSession } from '../../platform/session/sessions.service';
import { randomIdentityCode } from '../../test/person-codes';
import { TestBrowser } from '../../test/http-client';
import { withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

const MINUTE = 60_000;

/**
 * `n` onboarded patients of an organisation, each signed in in a browser of their own, made straight in the database
 * (the sign-in itself is tested in the identity module): for the races, where fifty OIDC flows would only cost time.
 */
export async function onboardedPatients(t: TestApp, organisationId: string, n: number): Promise<TestBrowser[]> {
  const sessions = await onboardedPatientSessions(t, organisationId, n);
  return sessions.map(({ token }) => {
    const browser = new TestBrowser(t.baseUrl);
    browser.setCookie('prsp_session', token);
    return withCsrfCookie(browser);
  });
}

/**
 * The patients of `onboardedPatients` (organisation chosen, terms accepted, contact details; named `Potilas<i> Kilpa`)
 * as their ids and session tokens, for callers that hold no TestBrowser (the chat benchmark's sockets).
 */
export async function onboardedPatientSessions(t: TestApp, organisationId: string, n: number): Promise<{ id: string; token: string }[]> {
  const db = t.database.db;
  // Real identity codes, encrypted as sign-in stores them: the expert's desk shows them masked, with the age.
  const cipher = createFieldCipher(t.config.dataKey);
  const rows = await db
    .insert(patients)
    .values(
      Array.from({ length: n }, (_, i) => {
        const code = randomIdentityCode();
        return {
          ssnHash: cipher.keyedHash(code),
          ssnEncrypted: cipher.encrypt(code),
          givenName: `Potilas${i}`,
          familyName: 'Kilpa',
          selectedOrganisationId: organisationId,
        };
      }),
    )
    .returning({ id: patients.id });
  await db.insert(termsAcceptances).values(rows.map((r) => ({ patientId: r.id, organisationId })));
  await db.insert(patientContacts).values(
    rows.map((r, i) => ({
      patientId: r.id,
      street: 'Katu 1',
      code: '00100',
      city: 'Espoo',
      mobile: '+358401234567',
      email: `potilas${i}@test.example`,
      country: 'fi',
      nationality: 'fi',
    })),
  );
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: (await createSession(db, t.config.session, { patientId: r.id })).token })));
}

/** An expert of the organisation with one specialization. */
export async function bookingExpert(
  t: TestApp,
  organisationId: string,
  specialization: string,
): Promise<{ id: string; userId: string; email: string; name: string }> {
  const db = t.database.db;
  const email = `expert-${randomBytes(6).toString('hex')}@test.example`;
  const [user] = await db.insert(staffUsers).values({ email, firstName: 'Ritva', lastName: 'Varaaja' }).returning({ id: staffUsers.id });
  const [expert] = await db
    .insert(experts)
    .values({
      userId: user!.id,
      organisationId,
      specializations: [specialization],
      chatQueueId: 'q-booking',
    })
    .returning({ id: experts.id });
  return { id: expert!.id, userId: user!.id, email, name: 'Ritva Varaaja' };
}

/** Open timeslots of an expert starting at the given instants. */
export async function openSlots(t: TestApp, organisationId: string, expertId: string, starts: Date[], minutes = 30): Promise<string[]> {
  const rows = await t.database.db
    .insert(appointments)
    .values(
      starts.map((startsAt) => ({
        organisationId,
        expertId,
        name: 'Ritva Varaaja',
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
        type: 'oneOnOne' as const,
        status: 'open' as const,
      })),
    )
    .returning({ id: appointments.id });
  return rows.map((r) => r.id);
}

/** A whole minute `minutes` from now (database times keep milliseconds, answers compare whole instants). */
export function minutesFromNow(minutes: number): Date {
  return new Date(Math.floor((Date.now() + minutes * MINUTE) / 60_000) * 60_000);
}

/**
 * `hour:minute` in Helsinki `days` days from today: times that must fall on one service day (a search by day, a
 * day's schedule) whatever the hour the tests run at, which `minutesFromNow` does not promise near midnight.
 */
export function daysAheadAt(days: number, hour: number, minute = 0): Date {
  return atLocalTime(addDays(localDateAt(new Date()), days), hour, minute);
}

/** The id of a demo service of the organisation by its slug (open times are generated for a service). */
export async function serviceIdOf(t: TestApp, organisationId: string, slug: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), eq(services.slug, slug)));
  return row!.id;
}
