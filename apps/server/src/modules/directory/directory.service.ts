import type { Specialization } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import * as repo from './directory.repo';
import { byFinnishName } from './municipalities';

/**
 * Spec §3 'Specialization' list: every specialization with `availableAt`, the organisations having
 * an expert with it (the booking search offers a specialization where someone can take the time).
 * `onlyExisting` leaves out those no organisation has.
 */
export async function specializationList(tx: Tx, onlyExisting: boolean): Promise<Specialization[]> {
  const [rows, pairs] = await Promise.all([repo.listSpecializations(tx), repo.listExpertSpecializations(tx)]);
  const at = new Map<string, string[]>();
  for (const { organisationId, specialization } of pairs) at.set(specialization, [...(at.get(specialization) ?? []), organisationId]);
  const list = rows.map((s) => ({ id: s.id, name: s.name, availableAt: (at.get(s.id) ?? []).sort() }));
  return byFinnishName(
    list.filter((s) => !onlyExisting || s.availableAt.length > 0),
    (s) => s.name.fi,
  );
}

// The reference data other modules check addresses and areas against.
export { isCountryCode } from './countries';
export { byFinnishName, municipalityByCode, municipalityNames } from './municipalities';
