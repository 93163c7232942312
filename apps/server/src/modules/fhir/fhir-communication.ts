import type { Communication, CommunicationPayload } from '@medplum/fhirtypes';
import type { Localized } from '@prsp/contracts';
import { metaOf } from './fhir-resources';

/** The system of a conversation's logical reference: `Communication.partOf`, searched with `part-of:identifier`. */
export const CONVERSATION_SYSTEM = 'urn:prsp:conversation';
const CATEGORY_SYSTEM = 'urn:prsp:message-category';

/** One item of a secure-messaging thread (conversation_messages) with what its Communication names of the thread. */
export type MessageRow = {
  id: string;
  conversationId: string;
  /** Whose conversation it is: the Communication's subject. */
  patientId: string;
  /** The expert who started it or first answered: whom a patient's message goes to. */
  conversationExpertId: string | null;
  authorPatientId: string | null;
  authorExpertId: string | null;
  type: 'text' | 'file';
  body: string | null;
  categoryId: string | null;
  categoryName: Localized | null;
  file: { contentType: string; filename: string; size: number } | null;
  createdAt: Date;
};

/** The text, or the attached file's description (type, name, size): never the file's bytes. */
function payloadOf(row: MessageRow): CommunicationPayload[] | undefined {
  if (row.type === 'text') return row.body ? [{ contentString: row.body }] : undefined;
  if (!row.file) return undefined;
  return [{ contentAttachment: { contentType: row.file.contentType, title: row.file.filename, size: row.file.size } }];
}

/**
 * A secure message (async messaging) as a Communication: the thread is `partOf` as a logical reference, the patient
 * is its subject, the author its sender; a message from the patient goes to the conversation's expert (none while a
 * request waits for its first answer), an expert's to the patient. A message never changes: version 1, its time.
 */
export function toCommunication(row: MessageRow): Communication {
  const patient = { reference: `Patient/${row.patientId}` };
  const sender = row.authorExpertId
    ? { reference: `Practitioner/${row.authorExpertId}` }
    : row.authorPatientId
      ? { reference: `Patient/${row.authorPatientId}` }
      : undefined;
  const recipient = row.authorExpertId
    ? [patient]
    : row.conversationExpertId
      ? [{ reference: `Practitioner/${row.conversationExpertId}` }]
      : undefined;
  const name = row.categoryName?.fi;
  return {
    resourceType: 'Communication',
    id: row.id,
    meta: metaOf({ version: 1, updatedAt: row.createdAt }),
    partOf: [{ identifier: { system: CONVERSATION_SYSTEM, value: row.conversationId } }],
    status: 'completed',
    category: row.categoryId
      ? [
          {
            coding: [{ system: CATEGORY_SYSTEM, code: row.categoryId, ...(name ? { display: name } : {}) }],
            ...(name ? { text: name } : {}),
          },
        ]
      : undefined,
    subject: patient,
    sent: row.createdAt.toISOString(),
    sender,
    recipient,
    payload: payloadOf(row),
  };
}
