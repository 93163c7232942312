import type { Tx } from '../../db/client';
import { readsOf, type PatientRead } from '../../platform/audit/patient-reads';
import * as repo from './chat.repo';
import type { ChatChannelRow, ChatMemberRow } from './chat.tables';

/**
 * The patients an answer about a chat shows: its patient and, in a group, every patient member (the audit of the
 * read). The members are read unless the caller has them (`channelFor` reads them with the channel).
 */
export async function channelReads(
  tx: Tx,
  channel: Pick<ChatChannelRow, 'id' | 'organisationId' | 'patientId'>,
  members?: ChatMemberRow[],
): Promise<PatientRead[]> {
  const patients = (members ?? (await repo.membersOf(tx, channel.id))).filter((m) => m.role === 'patient').map((m) => m.userId);
  return readsOf([channel.patientId, ...patients], {
    organisationId: channel.organisationId,
    objectType: 'chatChannel',
    objectId: channel.id,
  });
}
