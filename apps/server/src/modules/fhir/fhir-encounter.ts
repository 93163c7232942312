import type { Encounter } from '@medplum/fhirtypes';
import type { Localized } from '@prsp/contracts';
import { metaOf, type Versioned } from './fhir-resources';

/** HL7 v3 ActCode `VR`: a virtual encounter (chat or video). */
const VIRTUAL = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' };
const VISIT_TYPE_SYSTEM = 'urn:prsp:visit-type';

/** A chat or video visit (chat_channels) with its service's name and its appointment's type, if it has one. */
export type ChannelRow = {
  id: string;
  status: 'waiting' | 'active' | 'ended';
  patientId: string | null;
  expertId: string | null;
  appointmentId: string | null;
  appointmentType: string | null;
  serviceName: Localized | null;
  acceptedAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
} & Versioned;

/**
 * Our channel's state as an Encounter's: waiting in a queue is `arrived`, taken by an expert `in-progress`, ended after
 * an expert took it `finished`, ended before anyone did (the patient left the queue) `cancelled`.
 */
export function encounterStatus(row: Pick<ChannelRow, 'status' | 'acceptedAt'>): Encounter['status'] {
  if (row.status === 'waiting') return 'arrived';
  if (row.status === 'active') return 'in-progress';
  return row.acceptedAt ? 'finished' : 'cancelled';
}

/** A video appointment's visit is a video visit; a queue's chat and a chat appointment's are chats. */
const visitType = (appointmentType: string | null) => (appointmentType === 'basic' || appointmentType === 'group-video' ? 'video' : 'chat');

/**
 * A chat or video visit as an Encounter: the patient who opened it, the experts who served it (each as a
 * Practitioner), its appointment, and its period from when an expert took it (or it was opened, if nobody did) to
 * its end. The conversation itself stays in the product: no message of a chat is served.
 */
export function toEncounter(row: ChannelRow, expertIds: string[]): Encounter {
  const type = visitType(row.appointmentType);
  const practitioners = [...new Set([row.expertId, ...expertIds].filter((id): id is string => !!id))];
  return {
    resourceType: 'Encounter',
    id: row.id,
    meta: metaOf(row),
    status: encounterStatus(row),
    class: VIRTUAL,
    type: [{ coding: [{ system: VISIT_TYPE_SYSTEM, code: type }], text: type }],
    serviceType: row.serviceName ? { text: row.serviceName.fi } : undefined,
    subject: row.patientId ? { reference: `Patient/${row.patientId}` } : undefined,
    participant: practitioners.length ? practitioners.map((id) => ({ individual: { reference: `Practitioner/${id}` } })) : undefined,
    appointment: row.appointmentId ? [{ reference: `Appointment/${row.appointmentId}` }] : undefined,
    period: { start: (row.acceptedAt ?? row.createdAt).toISOString(), end: row.endedAt?.toISOString() },
  };
}
