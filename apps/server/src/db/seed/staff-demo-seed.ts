import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { adminMemberships, experts, organisations, staffUsers } from '../schema';
import { PRESET_RIGHTS } from '@prsp/contracts';
import { newChatUserId } from '../../platform/chat-ids';
import { hashSecret } from '../../platform/crypto/secret-hash';

/** The demo's one password for every demo staff account. The demo seed never runs in production. */
export const DEMO_STAFF_PASSWORD = 'Demo-Password-2026';

export const DEMO_STAFF = [
  { email: 'admin@prsp.example', firstName: 'Greta', lastName: 'Global', role: 'global admin' },
  { email: 'org.admin@espoo.example', firstName: 'Olli', lastName: 'Organisaatio', role: 'organisation admin, espoo-demo' },
  { email: 'expert@espoo.example', firstName: 'Eeva', lastName: 'Asiantuntija', role: 'expert (nurse), espoo-demo' },
  { email: 'doctor@espoo.example', firstName: 'Lauri', lastName: 'Lääkäri', role: 'expert (general practitioner), espoo-demo' },
  { email: 'physio@espoo.example', firstName: 'Fiia', lastName: 'Fysioterapeutti', role: 'expert (physiotherapist), espoo-demo' },
] as const;

/**
 * Demo staff: a global admin, an organisation admin of espoo-demo, and a nurse, a doctor and a physiotherapist
 * working there as experts with a chat user each, all with DEMO_STAFF_PASSWORD (hashed now). Each demo service's
 * queue has its professional: a queue nobody serves takes no patients in (issue 29). Existing accounts are left as
 * they are.
 */
export async function seedDemoStaff(tx: Tx): Promise<void> {
  const [espoo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, 'espoo-demo')).limit(1);
  if (!espoo) return;
  const passwordHash = await hashSecret(DEMO_STAFF_PASSWORD);
  const [global, orgAdmin, nurse, doctor, physio] = DEMO_STAFF;

  await insertIfNew(tx, { ...names(global), passwordHash, isGlobalAdmin: true });
  const orgAdminId = await insertIfNew(tx, { ...names(orgAdmin), passwordHash, isGlobalAdmin: false });
  if (orgAdminId) {
    await tx
      .insert(adminMemberships)
      .values({ userId: orgAdminId, organisationId: espoo.id, preset: 'organisationAdmin', rights: PRESET_RIGHTS.organisationAdmin });
  }
  // Each serves the chat queue of the demo service of their profession.
  for (const [person, specialization, chatQueueId] of [
    [nurse, 'nurse', 'espoo-nurse'],
    [doctor, 'generalPractitioner', 'espoo-doctor'],
    [physio, 'physiotherapist', 'espoo-physio'],
  ] as const) {
    const userId = await insertIfNew(tx, { ...names(person), passwordHash, isGlobalAdmin: false });
    if (userId) {
      await tx.insert(experts).values({
        userId,
        organisationId: espoo.id,
        specializations: [specialization],
        chatQueueId,
        chatUserId: newChatUserId(),
      });
    }
  }
}

function names(person: (typeof DEMO_STAFF)[number]) {
  return { email: person.email, firstName: person.firstName, lastName: person.lastName };
}

/** Inserts the user unless the address is taken; returns the new id, or undefined when it existed. */
async function insertIfNew(tx: Tx, row: typeof staffUsers.$inferInsert): Promise<string | undefined> {
  const [created] = await tx
    .insert(staffUsers)
    .values(row)
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return created?.id;
}
