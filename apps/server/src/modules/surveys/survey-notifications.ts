import { DEFAULT_LANGUAGE, localizedOrganisationName, toLanguage, type Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { MailOrigin } from '../../platform/mail/sender';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { toInternationalNumber } from '../../platform/sms/phone-number';
import { enqueueSms } from '../../platform/sms/sms-outbox';
import * as repo from './survey-expert.repo';

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The patient's survey page (spec §2 'Survey page with {responseId}'). */
export function surveyLink(publicUrl: string, responseId: string): string {
  return `${base(publicUrl)}/survey/${encodeURIComponent(responseId)}`;
}

/** The answers in the expert app (spec §2 `/expert/surveyAnswers`). */
export function answersLink(publicUrl: string, responseId: string): string {
  return `${base(publicUrl)}/expert/surveyAnswers?responseId=${encodeURIComponent(responseId)}`;
}

/** The reminder SMS: that a survey waits and where, never which survey (an SMS is read on a lock screen). */
export const SURVEY_REMINDER_SMS: Record<Language, (v: { organisationName: string; link: string }) => string> = {
  fi: (v) => `Muistutus: palvelussa ${v.organisationName} on kysely, johon et ole vielä vastannut. Vastaa tästä: ${v.link}`,
  se: (v) => `Påminnelse: i tjänsten ${v.organisationName} finns en enkät som du inte har svarat på ännu. Svara här: ${v.link}`,
  en: (v) => `Reminder: there is a survey in ${v.organisationName} you have not answered yet. Answer here: ${v.link}`,
};

/**
 * Reminds the patient of a survey by e-mail (template `surveyReminder`) and SMS, both through the outbox in the
 * caller's transaction. The addresses are the patient's own contact details, else those the booking of the
 * survey's appointment gave; the language is the patient's, else the booking's. The notices carry the link only.
 */
export async function remindPatient(
  tx: Tx,
  origin: MailOrigin,
  response: Pick<repo.ResponseRow, 'id' | 'patientId' | 'appointmentId' | 'organisationId'>,
): Promise<{ email: boolean; sms: boolean }> {
  const to = await repo.reminderAddresses(tx, response);
  if (!to) return { email: false, sms: false };
  const language = toLanguage(to.lang) ?? toLanguage(to.booked?.language) ?? DEFAULT_LANGUAGE;
  const link = surveyLink(origin.publicUrl, response.id);
  const email = to.email ?? to.booked?.email ?? null;
  if (email)
    await sendTemplatedEmail(tx, {
      organisationId: response.organisationId,
      kind: 'surveyReminder',
      language,
      sender: origin.sender,
      to: email,
      tags: { firstName: to.givenName, lastName: to.familyName, link },
    });
  const mobile = toInternationalNumber(to.mobile ?? to.booked?.mobile);
  // The organisation as the patient reads it: its name in their language (Vantaa / Vanda).
  const organisationName = localizedOrganisationName(to.organisationName, to.organisationNameSe, to.organisationNameEn)[language];
  if (mobile) await enqueueSms(tx, { to: mobile, text: SURVEY_REMINDER_SMS[language]({ organisationName, link }) });
  return { email: email !== null, sms: mobile !== null };
}

/** Tells an expert that answers were forwarded to them (template `surveyForwarded`): a link, never the answers. */
export async function notifyForwardedExpert(
  tx: Tx,
  origin: MailOrigin,
  organisationId: string,
  responseId: string,
  expert: { firstName: string; lastName: string; email: string; language: string },
): Promise<void> {
  await sendTemplatedEmail(tx, {
    organisationId,
    kind: 'surveyForwarded',
    language: toLanguage(expert.language) ?? DEFAULT_LANGUAGE,
    sender: origin.sender,
    to: expert.email,
    tags: { firstName: expert.firstName, lastName: expert.lastName, link: answersLink(origin.publicUrl, responseId) },
  });
}
