import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Localized, SurveyQuestion } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { organisations, surveyTemplates, surveyTemplateVersions } from '../../db/schema';

export type TemplateRow = typeof surveyTemplates.$inferSelect;
export type VersionRow = typeof surveyTemplateVersions.$inferSelect;
export type TemplateWithVersion = { template: TemplateRow; version: VersionRow };

/** What an organisation may use: its own templates and the shared global ones. */
export function usableBy(organisationId: string): SQL {
  return or(
    eq(surveyTemplates.organisationId, organisationId),
    and(isNull(surveyTemplates.organisationId), eq(surveyTemplates.shared, true)),
  )!;
}

/** What the organisation may put in use now: what it may use and is not archived, only `ids` when given. */
export function usableNow(organisationId: string, ids?: string[]): SQL {
  return and(usableBy(organisationId), eq(surveyTemplates.isArchived, false), ids ? inArray(surveyTemplates.id, ids) : undefined)!;
}

/** What an admin of the organisation sees: what it may use, and for a global admin every global template too. */
export function visibleTo(organisationId: string, isGlobalAdmin: boolean): SQL {
  return isGlobalAdmin ? or(usableBy(organisationId), isNull(surveyTemplates.organisationId))! : usableBy(organisationId);
}

const current = and(
  eq(surveyTemplateVersions.templateId, surveyTemplates.id),
  eq(surveyTemplateVersions.version, surveyTemplates.currentVersion),
);

/** Templates with their current versions, newest change first. */
export function templatesWhere(tx: Tx, where: SQL): Promise<TemplateWithVersion[]> {
  return tx
    .select({ template: surveyTemplates, version: surveyTemplateVersions })
    .from(surveyTemplates)
    .innerJoin(surveyTemplateVersions, current)
    .where(where)
    .orderBy(desc(surveyTemplates.updatedAt), asc(surveyTemplates.id));
}

export async function findTemplate(tx: Tx, id: string, where: SQL): Promise<TemplateWithVersion | undefined> {
  const [row] = await tx
    .select({ template: surveyTemplates, version: surveyTemplateVersions })
    .from(surveyTemplates)
    .innerJoin(surveyTemplateVersions, current)
    .where(and(eq(surveyTemplates.id, id), where))
    .limit(1);
  return row;
}

/** The template row locked for a new version (every save of one template runs after the one before). */
export async function lockTemplate(tx: Tx, id: string, where: SQL): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(surveyTemplates)
    .where(and(eq(surveyTemplates.id, id), where))
    .for('update');
  return row;
}

export type VersionContent = { name: Localized; intro: Localized; questions: SurveyQuestion[] };

export async function insertTemplate(
  tx: Tx,
  values: { organisationId: string | null; shared: boolean; kind: 'survey' | 'questionnaire'; createdBy: string | null },
  content: VersionContent,
): Promise<string> {
  const [row] = await tx
    .insert(surveyTemplates)
    .values({ ...values, name: content.name, currentVersion: 1 })
    .returning({ id: surveyTemplates.id });
  await tx.insert(surveyTemplateVersions).values({ templateId: row!.id, version: 1, ...content });
  return row!.id;
}

/** The next version of the template, made current; the older versions stay exactly as they were. */
export async function insertVersion(
  tx: Tx,
  template: TemplateRow,
  values: { shared: boolean; kind: 'survey' | 'questionnaire' },
  content: VersionContent,
): Promise<number> {
  const version = template.currentVersion + 1;
  await tx.insert(surveyTemplateVersions).values({ templateId: template.id, version, ...content });
  await tx
    .update(surveyTemplates)
    .set({ ...values, name: content.name, currentVersion: version, updatedAt: sql`now()` })
    .where(eq(surveyTemplates.id, template.id));
  return version;
}

export async function setArchived(tx: Tx, id: string, isArchived: boolean): Promise<void> {
  await tx
    .update(surveyTemplates)
    .set({ isArchived, updatedAt: sql`now()` })
    .where(eq(surveyTemplates.id, id));
}

export async function organisationSurveyList(tx: Tx, organisationId: string): Promise<string[]> {
  const [row] = await tx.select({ surveys: organisations.surveys }).from(organisations).where(eq(organisations.id, organisationId));
  return row?.surveys ?? [];
}

/** Of `ids`, those the organisation may use (archived ones too: an archived survey simply is not sent). */
export async function usableIds(tx: Tx, organisationId: string | null, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const scope = organisationId ? usableBy(organisationId) : and(isNull(surveyTemplates.organisationId), eq(surveyTemplates.shared, true));
  const rows = await tx
    .select({ id: surveyTemplates.id })
    .from(surveyTemplates)
    .where(and(inArray(surveyTemplates.id, [...ids]), scope));
  return new Set(rows.map((r) => r.id));
}
