import type { Category, CategoryInput, Subcategory, SubcategoryInput } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './categories.repo';
import { addedExpertIssues, answerPromiseOf, toCategory, toSubcategory } from './category-rules';

/**
 * The admin's categories and subcategories of async messaging (spec §2 `/admin/messages/categories`,
 * `/admin/messages/category/edit`, `/admin/messages/subcategory/edit`; §5 a name in each language). Every query is
 * scoped by the admin's organisation; an id of another organisation is not found (404). Writes are audited.
 */

async function audit(tx: Tx, actor: AdminActor, action: string, objectType: string, id: string, details: Record<string, unknown>) {
  await recordAudit(tx, { actorType: 'staff', actorId: actor.staff.userId, action, objectType, objectId: id, ip: actor.ip, details });
}

/** Subcategories with their assigned experts. */
async function withExperts(db: Db, rows: repo.SubcategoryRow[]): Promise<Subcategory[]> {
  const experts = await repo.expertsBySubcategory(
    db,
    rows.map((s) => s.id),
  );
  return rows.map((s) => toSubcategory(s, experts.get(s.id) ?? []));
}

/** Every category of the organisation, disabled ones too; with `includeSubcategories`, each with all of its subcategories. */
export async function listCategories(db: Db, actor: AdminActor, includeSubcategories: boolean): Promise<Category[]> {
  const organisationId = organisationOf(actor);
  const categories = await repo.categoriesOf(db, organisationId);
  if (!includeSubcategories) return categories.map((c) => toCategory(c));
  const subcategories = await withExperts(db, await repo.subcategoriesOf(db, organisationId));
  return categories.map((c) =>
    toCategory(
      c,
      subcategories.filter((s) => s.categoryId === c.id),
    ),
  );
}

export async function createCategory(db: Db, actor: AdminActor, input: CategoryInput): Promise<Category> {
  const organisationId = organisationOf(actor);
  const { promise, issues } = answerPromiseOf(input.answerPromise);
  throwIfFieldIssues(issues);
  const fields = { name: input.name, openAccess: input.openAccess, isDisabled: input.isDisabled ?? false, answerPromise: promise ?? null };
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertCategory(tx, organisationId, fields);
    await audit(tx, actor, 'messaging.categoryCreate', 'messageCategory', id, { openAccess: fields.openAccess });
    return id;
  });
  return toCategory((await repo.findCategory(db, organisationId, id))!);
}

/**
 * Renames, opens or restricts, disables or enables a category, and sets its answer promise; `isDisabled` or
 * `answerPromise` left out keeps what it was.
 */
export async function updateCategory(db: Db, actor: AdminActor, id: string, input: CategoryInput): Promise<Category> {
  const organisationId = organisationOf(actor);
  const { promise, issues } = answerPromiseOf(input.answerPromise);
  throwIfFieldIssues(issues);
  await db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, organisationId, id);
    if (!before) throw new AppError(404);
    const isDisabled = input.isDisabled ?? before.isDisabled;
    const answerPromise = promise === undefined ? before.answerPromise : promise;
    await repo.updateCategory(tx, organisationId, id, { name: input.name, openAccess: input.openAccess, isDisabled, answerPromise });
    await audit(tx, actor, 'messaging.categoryUpdate', 'messageCategory', id, { openAccess: input.openAccess, isDisabled });
  });
  return toCategory((await repo.findCategory(db, organisationId, id))!);
}

export async function listSubcategories(db: Db, actor: AdminActor, categoryId: string): Promise<Subcategory[]> {
  const organisationId = organisationOf(actor);
  if (!(await repo.findCategory(db, organisationId, categoryId))) throw new AppError(404);
  return withExperts(db, await repo.subcategoriesOf(db, organisationId, categoryId));
}

export async function getSubcategory(db: Db, actor: AdminActor, id: string): Promise<Subcategory> {
  const organisationId = organisationOf(actor);
  const row = await repo.findSubcategory(db, organisationId, id);
  if (!row) throw new AppError(404);
  const [subcategory] = await withExperts(db, [row]);
  return subcategory!;
}

/** The assigned experts, checked (experts of the organisation who handle messages) and set, in the caller's transaction. */
async function assignExperts(tx: Tx, organisationId: string, subcategoryId: string, addedExperts: readonly string[]) {
  throwIfFieldIssues(addedExpertIssues(addedExperts, await repo.assignableExperts(tx, organisationId, addedExperts)));
  await repo.setSubcategoryExperts(tx, subcategoryId, [...new Set(addedExperts)]);
}

function fieldsOf(input: SubcategoryInput) {
  return { name: input.name, openAccess: input.openAccess, isDisabled: input.isDisabled };
}

export async function createSubcategory(db: Db, actor: AdminActor, categoryId: string, input: SubcategoryInput): Promise<Subcategory> {
  const organisationId = organisationOf(actor);
  const id = await db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, organisationId, categoryId))) throw new AppError(404);
    const id = await repo.insertSubcategory(tx, organisationId, categoryId, fieldsOf(input));
    await assignExperts(tx, organisationId, id, input.addedExperts);
    await audit(tx, actor, 'messaging.subcategoryCreate', 'messageSubcategory', id, {
      categoryId,
      openAccess: input.openAccess,
      isDisabled: input.isDisabled,
      experts: input.addedExperts.length,
    });
    return id;
  });
  return getSubcategory(db, actor, id);
}

export async function updateSubcategory(db: Db, actor: AdminActor, id: string, input: SubcategoryInput): Promise<Subcategory> {
  const organisationId = organisationOf(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.updateSubcategory(tx, organisationId, id, fieldsOf(input)))) throw new AppError(404);
    await assignExperts(tx, organisationId, id, input.addedExperts);
    await audit(tx, actor, 'messaging.subcategoryUpdate', 'messageSubcategory', id, {
      openAccess: input.openAccess,
      isDisabled: input.isDisabled,
      experts: input.addedExperts.length,
    });
  });
  return getSubcategory(db, actor, id);
}
