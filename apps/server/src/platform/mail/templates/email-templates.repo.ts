import { and, eq } from 'drizzle-orm';
import type { EmailTemplateKind, Language } from '@prsp/contracts';
import type { Tx } from '../../../db/client';
import { emailTemplates, organisations } from '../../../db/schema';

export type CustomTemplateRow = typeof emailTemplates.$inferSelect;
export type CustomTemplateValues = {
  organisationId: string;
  kind: EmailTemplateKind;
  language: Language;
  senderName: string;
  senderAddress: string;
  title: string;
  content: string;
};

export async function findCustomTemplate(
  tx: Tx,
  organisationId: string,
  kind: EmailTemplateKind,
  language: Language,
): Promise<CustomTemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.organisationId, organisationId), eq(emailTemplates.kind, kind), eq(emailTemplates.language, language)))
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

export async function findOrganisationName(tx: Tx, organisationId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return row?.name;
}
