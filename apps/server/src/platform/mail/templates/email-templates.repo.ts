import { and, eq } from 'drizzle-orm';
import type { EmailTemplateKind, Language } from '@prsp/contracts';
import type { Tx } from '../../../db/client';
import { emailTemplates, organisations } from '../../../db/schema';

export type CustomTemplateRow = typeof emailTemplates.$inferSelect;
export type CustomTemplateValues = {
  organisationId: string;
  kind: EmailTemplateKind;
  language: Language;
  /** Null: inherited from the organisation (or the configured sender). */
  senderName: string | null;
  senderAddress: string | null;
  title: string;
  content: string;
};

/**
 * What an e-mail of the organisation needs in one read: the organisation's mail identity and its own template of the
 * kind and language, if it has one (every e-mail a booking sends needs both).
 */
export async function findTemplateSource(
  tx: Tx,
  organisationId: string,
  kind: EmailTemplateKind,
  language: Language,
): Promise<{ organisation: MailIdentity; template: CustomTemplateRow | null } | undefined> {
  const [row] = await tx
    .select({ organisation: MAIL_IDENTITY, template: emailTemplates })
    .from(organisations)
    .leftJoin(
      emailTemplates,
      and(eq(emailTemplates.organisationId, organisations.id), eq(emailTemplates.kind, kind), eq(emailTemplates.language, language)),
    )
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row;
}

export function listCustomTemplates(tx: Tx, organisationId: string): Promise<CustomTemplateRow[]> {
  return tx.select().from(emailTemplates).where(eq(emailTemplates.organisationId, organisationId));
}

/** One custom template per organisation, kind and language: saving again replaces it. */
export async function upsertCustomTemplate(tx: Tx, values: CustomTemplateValues, now = new Date()): Promise<CustomTemplateRow> {
  const { senderName, senderAddress, title, content } = values;
  const [row] = await tx
    .insert(emailTemplates)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [emailTemplates.organisationId, emailTemplates.kind, emailTemplates.language],
      set: { senderName, senderAddress, title, content, updatedAt: now },
    })
    .returning();
  return row!;
}

/** Deletes the custom template only when it is this organisation's, in this language. */
export async function deleteCustomTemplate(
  tx: Tx,
  where: { id: string; organisationId: string; language: Language },
): Promise<CustomTemplateRow | undefined> {
  const [row] = await tx
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.id, where.id),
        eq(emailTemplates.organisationId, where.organisationId),
        eq(emailTemplates.language, where.language),
      ),
    )
    .returning();
  return row;
}

/** What an organisation's e-mail says of it: its names by language and the sender its templates inherit. */
const MAIL_IDENTITY = {
  name: organisations.name,
  nameSe: organisations.nameSe,
  nameEn: organisations.nameEn,
  senderName: organisations.senderName,
  senderAddress: organisations.senderAddress,
};
export type MailIdentity = {
  name: string;
  nameSe: string | null;
  nameEn: string | null;
  senderName: string | null;
  senderAddress: string | null;
};

export async function findOrganisationMailIdentity(tx: Tx, organisationId: string): Promise<MailIdentity | undefined> {
  const [row] = await tx.select(MAIL_IDENTITY).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return row;
}
