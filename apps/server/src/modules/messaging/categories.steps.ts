/**
 * Test support for the category and message code tests: rows made straight in the database, for the setup a test
 * needs before it calls the routes it is about. No production code imports this.
 */
import { eq } from 'drizzle-orm';
import { chatCodeGroups, chatCodes, experts, messageCategories, messageSubcategories, messagingExperts } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { createStaffAccount, organisationId, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

type Db = TestApp['database']['db'];
const named = (fi: string) => ({ fi, se: `${fi} (se)`, en: `${fi} (en)` });

export async function makeCategory(db: Db, organisationId: string, over: { openAccess?: boolean; isDisabled?: boolean; fi?: string } = {}) {
  const [row] = await db
    .insert(messageCategories)
    .values({ organisationId, name: named(over.fi ?? 'Luokka'), openAccess: over.openAccess ?? true, isDisabled: over.isDisabled ?? false })
    .returning();
  return row!;
}

export async function makeSubcategory(
  db: Db,
  organisationId: string,
  categoryId: string,
  over: { openAccess?: boolean; isDisabled?: boolean; fi?: string } = {},
) {
  const [row] = await db
    .insert(messageSubcategories)
    .values({
      organisationId,
      categoryId,
      name: named(over.fi ?? 'Alaluokka'),
      openAccess: over.openAccess ?? true,
      isDisabled: over.isDisabled ?? false,
    })
    .returning();
  return row!;
}

/** A message code group of one code with the given terms. */
export async function makeMessageCode(
  db: Db,
  organisationId: string,
  subcategoryId: string,
  code: string,
  over: { startsAt?: Date; expiresAt?: Date | null; usesPerCode?: number; useCount?: number } = {},
) {
  const [group] = await db
    .insert(chatCodeGroups)
    .values({
      organisationId,
      subcategoryId,
      name: `Ryhmä ${code}`,
      totalCodes: 1,
      usesPerCode: over.usesPerCode ?? 1,
      startsAt: over.startsAt ?? new Date(Date.now() - 86_400_000),
      expiresAt: over.expiresAt ?? null,
    })
    .returning({ id: chatCodeGroups.id });
  await db.insert(chatCodes).values({ groupId: group!.id, code, useCount: over.useCount ?? 0 });
  return group!.id;
}

export async function useCountOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ n: chatCodes.useCount }).from(chatCodes).where(eq(chatCodes.code, code));
  return row!.n;
}

/** A new expert of the organisation (handling messages when told), and a browser signed in to the expert app as them. */
export async function expertBrowser(
  t: TestApp,
  organisation = 'espoo-demo',
  opts: { handlesMessages?: boolean; specializations?: string[]; lastName?: string } = {},
): Promise<{ browser: TestBrowser; expertId: string }> {
  const orgId = await organisationId(t, organisation);
  const user = await createStaffAccount(t, { organisation: null, password: null, lastName: opts.lastName ?? 'Asiantuntija' });
  const [expert] = await t.database.db
    .insert(experts)
    .values({ userId: user.id, organisationId: orgId, specializations: opts.specializations ?? ['nurse'], chatQueueId: 'q-test' })
    .returning({ id: experts.id });
  if (opts.handlesMessages) await t.database.db.insert(messagingExperts).values({ expertId: expert!.id });
  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: user.id,
    appRole: 'expert',
    organisationId: orgId,
  });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  withCsrfCookie(browser);
  return { browser, expertId: expert!.id };
}
