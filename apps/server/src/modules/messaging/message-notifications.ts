import { DEFAULT_LANGUAGE, localizedOrganisationName, toLanguage, type Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { toInternationalNumber } from '../../platform/sms/phone-number';
import { enqueueSms } from '../../platform/sms/sms-outbox';
import { patientNoticeDetails, type ConversationRow } from './conversations.repo';

/** Where the product is, the link of the notices (PUBLIC_URL) to the patient's messages, and the e-mail's sender. */
export type NotifyDeps = { publicUrl: string; sender: Sender };

export function messagesLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/messages`;
}

/** The SMS notice: that a message waits and where, never what it says (an SMS is read on a lock screen). */
export const MESSAGE_SMS_TEXT: Record<Language, (v: { organisationName: string; link: string }) => string> = {
  fi: (v) => `Sinulle on uusi viesti palvelussa ${v.organisationName}. Kirjaudu lukemaan se: ${v.link}`,
  se: (v) => `Du har ett nytt meddelande i tjänsten ${v.organisationName}. Logga in för att läsa det: ${v.link}`,
  en: (v) => `You have a new message in ${v.organisationName}. Sign in to read it: ${v.link}`,
};

/**
 * An expert wrote: the patient is told a message waits, by e-mail (template `messageReceived`) and, when the
 * conversation asks for it, by SMS, both through the outbox in the send's own transaction (nothing goes out for a
 * send that rolls back). The addresses are the conversation's (the expert's form), else the patient's contact
 * details; without either, nothing is sent. The notices carry a link, never the message.
 */
export async function notifyPatientOfMessage(tx: Tx, deps: NotifyDeps, c: ConversationRow): Promise<{ email: boolean; sms: boolean }> {
  const row = await patientNoticeDetails(tx, c.patientId, c.organisationId);
  if (!row) return { email: false, sms: false };
  const language = toLanguage(row.patient.lang) ?? DEFAULT_LANGUAGE;
  const link = messagesLink(deps.publicUrl);
  const email = c.notifyEmail ?? row.contact?.email ?? null;
  if (email) {
    await sendTemplatedEmail(tx, {
      organisationId: c.organisationId,
      kind: 'messageReceived',
      language,
      sender: deps.sender,
      to: email,
      tags: { firstName: row.patient.givenName, lastName: row.patient.familyName, link },
    });
  }
  const mobile = c.smsNotification ? toInternationalNumber(c.notifyMobile ?? row.contact?.mobile) : null;
  // The organisation as the patient reads it: its name in their language (Vantaa / Vanda).
  const organisationName = localizedOrganisationName(row.organisationName, row.organisationNameSe, row.organisationNameEn)[language];
  if (mobile) await enqueueSms(tx, { to: mobile, text: MESSAGE_SMS_TEXT[language]({ organisationName, link }) });
  return { email: email !== null, sms: mobile !== null };
}
