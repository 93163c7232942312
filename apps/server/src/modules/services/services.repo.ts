import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { services } from '../../db/schema';

export function listServices(tx: Tx, organisationId: string) {
  return tx.select().from(services).where(eq(services.organisationId, organisationId));
}
