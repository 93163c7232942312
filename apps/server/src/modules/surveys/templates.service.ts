import type { SurveyTemplate, SurveyTemplateInput, SurveyTemplateListItem } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './templates.repo';

/**
 * Survey templates for admins (docs/surveys.md 'Templates and the builder'). An admin works on their organisation's
 * templates and reads the shared global ones; a global admin also makes and changes global templates. Every save
 * is a new version in the same transaction as the template's pointer to it, so a response always reads the version
 * it was asked with. Another organisation's template is not found (404).
 */

type Scope = { organisationId: string; isGlobalAdmin: boolean };
const scopeOf = (actor: AdminActor): Scope => ({ organisationId: organisationOf(actor), isGlobalAdmin: actor.staff.isGlobalAdmin });

function editable(scope: Scope, template: repo.TemplateRow): boolean {
  return template.organisationId === null ? scope.isGlobalAdmin : template.organisationId === scope.organisationId;
}

function toTemplate(scope: Scope, { template: t, version: v }: repo.TemplateWithVersion): SurveyTemplate {
  return {
    id: t.id,
    organisationId: t.organisationId,
    isGlobal: t.organisationId === null,
    shared: t.shared,
    kind: t.kind,
    name: v.name,
    intro: v.intro,
    version: v.version,
    questions: v.questions,
    updatedAt: t.updatedAt.getTime(),
    isArchived: t.isArchived,
    editable: editable(scope, t),
  };
}

function toListItem(scope: Scope, inUse: ReadonlySet<string>, row: repo.TemplateWithVersion): SurveyTemplateListItem {
  const { questions, intro: _intro, ...rest } = toTemplate(scope, row);
  return { ...rest, questionCount: questions.length, inUse: inUse.has(row.template.id) };
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'surveyTemplate',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

async function list(db: Db, scope: Scope, all: boolean): Promise<SurveyTemplateListItem[]> {
  const where = all ? repo.visibleTo(scope.organisationId, scope.isGlobalAdmin) : repo.usableNow(scope.organisationId);
  const inUse = new Set(await repo.organisationSurveyList(db, scope.organisationId));
  return (await repo.templatesWhere(db, where)).map((row) => toListItem(scope, inUse, row));
}

/** `survey-admin/templates`: what the organisation may put in use now: its own and the shared global ones, not archived. */
export function listTemplates(db: Db, actor: AdminActor): Promise<SurveyTemplateListItem[]> {
  return list(db, scopeOf(actor), false);
}

/** `survey-admin/templates-all`: archived ones too and, for a global admin, every global template. */
export function listAllTemplates(db: Db, actor: AdminActor): Promise<SurveyTemplateListItem[]> {
  return list(db, scopeOf(actor), true);
}

export async function getTemplate(db: Db, actor: AdminActor, id: string): Promise<SurveyTemplate> {
  const scope = scopeOf(actor);
  const row = await repo.findTemplate(db, id, repo.visibleTo(scope.organisationId, scope.isGlobalAdmin));
  if (!row) throw new AppError(404);
  return toTemplate(scope, row);
}

const contentOf = (input: SurveyTemplateInput): repo.VersionContent => ({
  name: input.name,
  intro: input.intro,
  questions: input.questions,
});

export async function createTemplate(db: Db, actor: AdminActor, input: SurveyTemplateInput): Promise<SurveyTemplate> {
  const scope = scopeOf(actor);
  const global = input.global === true;
  if (global && !scope.isGlobalAdmin) throw new AppError(403, { detail: 'global templates are made by global admins' });
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertTemplate(
      tx,
      {
        organisationId: global ? null : scope.organisationId,
        shared: global && input.shared === true,
        kind: input.kind,
        createdBy: actor.staff.userId,
      },
      contentOf(input),
    );
    await audit(tx, actor, 'survey.templateCreate', id, { version: 1, global });
    return id;
  });
  return getTemplate(db, actor, id);
}

/** The template the caller may change, locked: another organisation's is not found, a shared global one is read-only. */
async function lockEditable(tx: Tx, scope: Scope, id: string): Promise<repo.TemplateRow> {
  const template = await repo.lockTemplate(tx, id, repo.visibleTo(scope.organisationId, scope.isGlobalAdmin));
  if (!template) throw new AppError(404);
  if (!editable(scope, template)) throw new AppError(403, { detail: 'a shared global template is changed by a global admin' });
  return template;
}

/** Saves a new version (never changes an old one) and makes it current. */
export async function updateTemplate(db: Db, actor: AdminActor, id: string, input: SurveyTemplateInput): Promise<SurveyTemplate> {
  const scope = scopeOf(actor);
  await db.transaction(async (tx) => {
    const template = await lockEditable(tx, scope, id);
    const shared = template.organisationId === null ? (input.shared ?? template.shared) : false;
    const version = await repo.insertVersion(tx, template, { shared, kind: input.kind }, contentOf(input));
    await audit(tx, actor, 'survey.templateUpdate', id, { version });
  });
  return getTemplate(db, actor, id);
}

/** Archived: no longer offered nor sent; its versions stay for the answers given. Restoring offers it again. */
export async function setTemplateArchived(db: Db, actor: AdminActor, id: string, isArchived: boolean): Promise<SurveyTemplate> {
  const scope = scopeOf(actor);
  await db.transaction(async (tx) => {
    await lockEditable(tx, scope, id);
    await repo.setArchived(tx, id, isArchived);
    await audit(tx, actor, isArchived ? 'survey.templateArchive' : 'survey.templateRestore', id, {});
  });
  return getTemplate(db, actor, id);
}

/** `survey-expert/templates`: the templates the expert's organisation has in use (its `surveys` list), not archived. */
export async function expertTemplates(db: Db, organisationId: string | null): Promise<SurveyTemplateListItem[]> {
  if (!organisationId) return [];
  const ids = await repo.organisationSurveyList(db, organisationId);
  if (ids.length === 0) return [];
  const scope = { organisationId, isGlobalAdmin: false };
  const rows = await repo.templatesWhere(db, repo.usableNow(organisationId, ids));
  const inUse = new Set(ids);
  return rows.map((row) => ({ ...toListItem(scope, inUse, row), editable: false }));
}
