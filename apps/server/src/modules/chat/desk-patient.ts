import { ageOn, maskIdentityCode, normalizeSsn, parseSsn, toLanguage, type DeskPatient } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { readsOf, type PatientRead } from '../../platform/audit/patient-reads';
import type { ChatChannelRow } from './chat.tables';
import * as repo from './chat.repo';

type DeskChannel = Pick<ChatChannelRow, 'id' | 'organisationId' | 'patientId' | 'delegatePatientId'>;

/**
 * Who the patient of each chat is, for the expert's desk (one query for a whole queue): the identity code masked
 * but for the date of birth, the age it gives, the language of whoever writes in the chat (the delegate's own when
 * someone acts on the patient's behalf: they read the answers) and the delegate's name. Null for a group's channel.
 */
export async function deskPatients(
  tx: Tx,
  cipher: FieldCipher,
  channels: DeskChannel[],
  now: Date,
  people?: DeskPeople,
): Promise<(DeskPatient | null)[]> {
  const known = people ?? (await deskPeople(tx, channels));
  return channels.map((c) => {
    const patient = c.patientId ? known.get(c.patientId) : undefined;
    if (!patient) return null;
    const delegate = c.delegatePatientId ? known.get(c.delegatePatientId) : undefined;
    const code = normalizeSsn(cipher.decrypt(patient.ssnEncrypted));
    const facts = parseSsn(code);
    return {
      maskedIdentityCode: maskIdentityCode(code),
      age: facts ? ageOn(facts.birthDate, now) : null,
      language: toLanguage((delegate ?? patient).lang) ?? null,
      delegateName: delegate ? `${delegate.givenName} ${delegate.familyName}` : null,
    };
  });
}

export type DeskPeople = Map<string, Awaited<ReturnType<typeof repo.patientsByIds>>[number]>;

/** The patients and delegates of these chats by id, as `deskPatients` needs them (one read). */
export async function deskPeople(tx: Tx, channels: DeskChannel[]): Promise<DeskPeople> {
  const ids = channels.flatMap((c) => [c.patientId, c.delegatePatientId]).filter((id): id is string => id !== null);
  return new Map((await repo.patientsByIds(tx, [...new Set(ids)])).map((p) => [p.id, p]));
}

/** The desk shows a delegate's name and language too: their read is logged beside the patient's. */
export function delegateReads(channels: DeskChannel[]): PatientRead[] {
  return channels.flatMap((c) =>
    readsOf([c.delegatePatientId], { organisationId: c.organisationId, objectType: 'chatChannel', objectId: c.id }),
  );
}

/** The chat's patient's full identity code (the caller's access to the chat is checked before). */
export async function identityCodeOf(tx: Tx, cipher: FieldCipher, channel: DeskChannel): Promise<string> {
  const [patient] = channel.patientId ? await repo.patientsByIds(tx, [channel.patientId]) : [];
  if (!patient) throw new AppError(404);
  return normalizeSsn(cipher.decrypt(patient.ssnEncrypted));
}
