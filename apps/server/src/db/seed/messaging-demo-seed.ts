import { and, eq } from 'drizzle-orm';
import type { Localized } from '@prsp/contracts';
import type { Tx } from '../client';
import { chatCodeGroups, chatCodes, experts, messageCategories, organisations, staffUsers } from '../schema';
import { generateCodes } from '../../modules/chat-codes/chat-codes-admin.service';
import * as repo from '../../modules/messaging/categories.repo';
import { startHandling } from '../../modules/messaging/messaging-experts.repo';

/** The demo's message code, printed with the demo logins: it opens the restricted subcategory. */
export const DEMO_MESSAGE_CODE = 'VIESTI2026';
const DEMO_MESSAGE_CODES = 20;
const DEMO_MESSAGING_EXPERT = 'expert@espoo.example';

type Seeded = {
  name: Localized;
  openAccess: boolean;
  answerPromise?: Localized;
  subcategories: { name: Localized; openAccess: boolean }[];
};
const CATEGORIES: Seeded[] = [
  {
    name: { fi: 'Terveysneuvonta', se: 'Hälsorådgivning', en: 'Health advice' },
    openAccess: true,
    answerPromise: { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' },
    subcategories: [
      { name: { fi: 'Rokotukset', se: 'Vaccinationer', en: 'Vaccinations' }, openAccess: true },
      { name: { fi: 'Reseptit', se: 'Recept', en: 'Prescriptions' }, openAccess: true },
    ],
  },
  {
    name: { fi: 'Hammashoito', se: 'Tandvård', en: 'Dental care' },
    openAccess: true,
    subcategories: [{ name: { fi: 'Ajanvarausasiat', se: 'Tidsbokning', en: 'Appointment matters' }, openAccess: true }],
  },
  {
    name: { fi: 'Fysioterapian jatkohoito', se: 'Fortsatt fysioterapi', en: 'Physiotherapy follow-up' },
    openAccess: false,
    subcategories: [{ name: { fi: 'Kotiharjoitteet', se: 'Hemövningar', en: 'Home exercises' }, openAccess: false }],
  },
];

/**
 * Async messaging for espoo-demo, so a newcomer can write at once: two open categories (the first promising when an
 * answer comes), one restricted category
 * reached with a group of 20 message codes (DEMO_MESSAGE_CODE among them, usable many times), and the demo nurse
 * handling messages in every subcategory. Runs once: an organisation that has categories is left alone.
 */
export async function seedDemoMessaging(tx: Tx, now = new Date()): Promise<void> {
  const [espoo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo')).limit(1);
  if (!espoo) return;
  const [existing] = await tx
    .select({ id: messageCategories.id })
    .from(messageCategories)
    .where(eq(messageCategories.organisationId, espoo.id))
    .limit(1);
  if (existing) return;
  const [nurse] = await tx
    .select({ id: experts.id })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.organisationId, espoo.id), eq(staffUsers.email, DEMO_MESSAGING_EXPERT)))
    .limit(1);
  if (nurse) await startHandling(tx, nurse.id);
  let restricted: string | undefined;
  // One transaction shares one now(): each row gets its own moment, so the lists keep the order above.
  let order = 0;
  const createdAt = () => new Date(now.getTime() + order++);
  for (const category of CATEGORIES) {
    const fields = {
      name: category.name,
      openAccess: category.openAccess,
      isDisabled: false,
      answerPromise: category.answerPromise ?? null,
      createdAt: createdAt(),
    };
    const categoryId = await repo.insertCategory(tx, espoo.id, fields);
    for (const sub of category.subcategories) {
      const subId = await repo.insertSubcategory(tx, espoo.id, categoryId, { ...sub, isDisabled: false, createdAt: createdAt() });
      if (nurse) await repo.setSubcategoryExperts(tx, subId, [nurse.id]);
      if (!category.openAccess) restricted = subId;
    }
  }
  const [group] = await tx
    .insert(chatCodeGroups)
    .values({
      organisationId: espoo.id,
      subcategoryId: restricted!,
      name: 'Fysioterapian jatkohoito',
      totalCodes: DEMO_MESSAGE_CODES,
      usesPerCode: 100,
      startsAt: new Date(now.getTime() - 86_400_000),
    })
    .returning({ id: chatCodeGroups.id });
  await tx.insert(chatCodes).values({ groupId: group!.id, code: DEMO_MESSAGE_CODE }).onConflictDoNothing();
  await generateCodes(tx, group!.id, DEMO_MESSAGE_CODES - 1);
}
