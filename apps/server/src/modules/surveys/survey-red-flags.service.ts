import { hasRedFlag, type Urgency } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import * as repo from './survey-red-flags.repo';

/**
 * Red-flag answers of appointments (issue 29): an admin marks choices of a survey as red flags, and a patient who
 * picks one in a survey of their appointment (the symptom questionnaire sent at booking) is an emergency. Read from
 * each response's version and stored answers every time, so there is nothing to keep in step.
 */

/** Which of these appointments have an answered survey that picks a red-flag option. */
export async function redFlaggedAppointments(tx: Tx, appointmentIds: readonly string[]): Promise<Set<string>> {
  const rows = await repo.answeredOfAppointments(tx, [...new Set(appointmentIds)]);
  return new Set(rows.filter((r) => hasRedFlag(r.questions, r.answers)).map((r) => r.appointmentId!));
}

/** How urgent an appointment's own answers say it is: `emergency` with a red-flag answer, else nothing said. */
export async function appointmentUrgency(tx: Tx, appointmentId: string): Promise<Urgency | null> {
  return (await redFlaggedAppointments(tx, [appointmentId])).has(appointmentId) ? 'emergency' : null;
}
