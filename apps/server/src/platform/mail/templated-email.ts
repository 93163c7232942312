import type { EmailTemplateKind, Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { enqueueEmail, type EmailAttachment } from './outbox';
import type { Sender } from './sender';
import { renderEmail, type TagValues } from './templates/render';
import { definedValues, resolveMail } from './templates/template-source';

export type TemplatedEmail = {
  /** Whose template applies; null (e.g. a global admin's account) uses the built-in one. */
  organisationId: string | null;
  kind: EmailTemplateKind;
  language: Language;
  /** The configured sender (`config.mail.sender`), for when the built-in template applies. */
  sender: Sender;
  to: string;
  /** Values of the kind's tags, e.g. firstName, lastName, link; organisationName and validFor are filled in when not given. */
  tags: TagValues;
  /**
   * Files sent with the e-mail, e.g. an iCalendar invitation (not part of the template); or made from what the mail
   * resolved to, so that an invitation's organiser is the mail's sender and names the organisation in its language.
   */
  attachments?: readonly EmailAttachment[] | ((mail: ResolvedMail) => readonly EmailAttachment[]);
  /** Queue it at most once under this key (for job handlers that may run twice): see `enqueueEmail`. */
  onceKey?: string;
};

/** What a templated mail resolved to: the organisation's name in the mail's language and the sender. */
export type ResolvedMail = { organisationName: string; fromName: string; fromAddress: string };

/**
 * The one way the product sends e-mail: takes the organisation's template for the kind and language
 * (or the built-in one), renders it, and queues it in the caller's transaction, so the mail leaves
 * only if the change that caused it commits and is retried until delivered. Returns the outbox id.
 */
export async function sendTemplatedEmail(tx: Tx, email: TemplatedEmail): Promise<string> {
  const { template, builtIn } = await resolveMail(tx, email.organisationId, email.kind, email.language, email.sender);
  // The organisation's name is its name in the mail's language, even where a caller passes the Finnish one along.
  const own = email.organisationId ? { organisationName: builtIn.organisationName } : {};
  const values = { ...builtIn, ...definedValues(email.tags), ...own };
  const rendered = renderEmail({ title: template.title, content: template.content, language: email.language, tags: template.tags, values });
  const from = { fromName: template.senderName, fromAddress: template.senderAddress };
  const attachments =
    typeof email.attachments === 'function'
      ? email.attachments({ organisationName: String(values.organisationName ?? ''), ...from })
      : email.attachments;
  return enqueueEmail(
    tx,
    {
      to: email.to,
      ...from,
      ...rendered,
      attachments,
    },
    { onceKey: email.onceKey },
  );
}
