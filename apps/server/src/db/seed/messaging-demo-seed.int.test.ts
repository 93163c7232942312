import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chatCodeGroups, chatCodes, messageCategories, messageSubcategories, messageSubcategoryExperts, messagingExperts } from '../schema';
import { MATTI } from '../../test/person-codes';
import { organisationId } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { okData, onboard, postJson, signedIn } from '../../modules/patients/patient.steps';
import { DEMO_MESSAGE_CODE, seedDemoMessaging } from './messaging-demo-seed';

// The demo data is the demo's alone (main.ts seeds it): this file seeds it into its own database to check it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('espoo-demo gets two open categories, a restricted one with 20 codes, and the demo nurse in every subcategory; once', async () => {
  const db = t.database.db;
  await db.transaction((tx) => seedDemoMessaging(tx));
  await db.transaction((tx) => seedDemoMessaging(tx));
  const espoo = await organisationId(t, 'espoo-demo');
  const categories = await db
    .select()
    .from(messageCategories)
    .where(eq(messageCategories.organisationId, espoo))
    .orderBy(messageCategories.createdAt);
  expect(categories.map((c) => [c.name.fi, c.openAccess])).toEqual([
    ['Terveysneuvonta', true],
    ['Hammashoito', true],
    ['Fysioterapian jatkohoito', false],
  ]);
  const subcategories = await db.select().from(messageSubcategories).where(eq(messageSubcategories.organisationId, espoo));
  expect(subcategories.map((s) => s.name.fi).sort()).toEqual(['Ajanvarausasiat', 'Kotiharjoitteet', 'Reseptit', 'Rokotukset']);
  for (const s of subcategories) expect(Object.values(s.name).every((n) => n.length > 0)).toBe(true);
  const [handler] = await db.select().from(messagingExperts);
  const assigned = await db.select().from(messageSubcategoryExperts);
  expect(assigned.filter((a) => a.expertId === handler!.expertId)).toHaveLength(4);
  const codes = await db
    .select({ code: chatCodes.code, subcategoryId: chatCodeGroups.subcategoryId })
    .from(chatCodes)
    .innerJoin(chatCodeGroups, eq(chatCodeGroups.id, chatCodes.groupId));
  const messageCodes = codes.filter((c) => c.subcategoryId !== null);
  expect(messageCodes).toHaveLength(20);
  expect(messageCodes.map((c) => c.code)).toContain(DEMO_MESSAGE_CODE);

  const patient = await signedIn(t, MATTI);
  await onboard(patient, espoo);
  const target = await okData<{ subcategory: { name: { fi: string } } }>(
    postJson(patient, `/api/patient/async-messaging/message-code/validate/${DEMO_MESSAGE_CODE}`),
  );
  expect(target.subcategory.name.fi).toBe('Kotiharjoitteet');
  const open = await okData<{ name: { fi: string } }[]>(patient.fetch('/api/patient/async-messaging/categories?includeSubcategories=true'));
  expect(open.map((c) => c.name.fi)).toEqual(['Terveysneuvonta', 'Hammashoito']);
});
