import type { Bundle, Resource } from '@medplum/fhirtypes';
import { normalizeSsn } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { ApiClientContext } from '../../platform/access/api-client-access';
import type { PatientReads } from '../../platform/audit/patient-reads';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { FhirError } from './fhir-outcome';
import * as repo from './fhir.repo';
import * as contacts from './fhir-contacts.repo';
import { CONVERSATION_SYSTEM, toCommunication } from './fhir-communication';
import { toEncounter } from './fhir-encounter';
import {
  toAppointment,
  toPatient,
  toPractitioner,
  toQuestionnaireResponse,
  toSchedule,
  toSlot,
  FINNISH_PIC_SYSTEM,
} from './fhir-resources';
import { assertKnownParams, dateRange, paging, referenceIds, typedReferences, uuids, values, type Query } from './fhir-search';

export type FhirDeps = { db: Db; cipher: FieldCipher };
/**
 * Who reads: the API client (its organisation scopes everything), and the log of the patients the answer shows
 * (written before it leaves, one row per patient and resource: docs/fhir.md 'Audit').
 */
export type FhirCaller = { client: ApiClientContext; reads: PatientReads };
type Found = { resources: Resource[]; total: number };

/** The resource types served, and the search parameters each takes (besides `_count`). */
export const SEARCH_PARAMS = {
  Appointment: ['_id', '_lastUpdated', 'date', 'patient', 'practitioner', 'actor'],
  Slot: ['_id', '_lastUpdated', 'start', 'schedule'],
  Schedule: ['_id', '_lastUpdated', 'actor'],
  Patient: ['_id', '_lastUpdated', 'identifier'],
  Practitioner: ['_id', '_lastUpdated'],
  QuestionnaireResponse: ['_id', '_lastUpdated', 'patient', 'subject', 'authored'],
  Communication: ['_id', '_lastUpdated', 'patient', 'subject', 'sent', 'part-of:identifier'],
  Encounter: ['_id', '_lastUpdated', 'patient', 'subject', 'date', 'appointment', 'status'],
} as const;
export type FhirResourceType = keyof typeof SEARCH_PARAMS;

/** The patients resources of a type show, as rows of the read's audit (one per patient and resource). */
function showReads(caller: FhirCaller, objectType: string, shown: { id: string; patientId: string | null }[]): void {
  caller.reads.show(
    shown.flatMap(({ id, patientId }) =>
      patientId ? [{ patientId, organisationId: caller.client.organisationId, objectType, objectId: id }] : [],
    ),
  );
}

const idFilter = (query: Query) => (query._id === undefined ? null : uuids(values(query, '_id')));
/** `_lastUpdated`: the row's `updated_at` (meta.lastUpdated), with the date prefixes of every date parameter. */
const lastUpdated = (query: Query) => dateRange(query, '_lastUpdated');
const refs = (query: Query, name: string, type: string) => {
  const ids = referenceIds(query, name, type);
  return ids === null ? null : uuids(ids);
};
/** A token search on a logical identifier of one system (`{system}|{value}`, `|{value}` or `{value}`). */
function identifierValues(query: Query, name: string, system: string): string[] | null {
  const all = values(query, name);
  if (all.length === 0) return null;
  return all.map((raw) => {
    const [given, value] = raw.includes('|') ? raw.split('|', 2) : [system, raw];
    if (given !== system && given !== '') throw new FhirError(400, 'not-supported', `Only ${system} identifiers are searchable in ${name}`);
    return value ?? '';
  });
}

/** Both of two parameters meaning one thing (`patient` and `subject`): their ids must all match, so intersect them. */
function both(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((id) => b.includes(id));
}

type Search = (deps: FhirDeps, caller: FhirCaller, query: Query, page: repo.Page) => Promise<Found>;

/** The searches of the contacts with patients: secure messages and chat or video visits. */
const contactSearches: Record<'Communication' | 'Encounter', Search> = {
  async Communication(deps, caller, query, page) {
    const conversations = identifierValues(query, 'part-of:identifier', CONVERSATION_SYSTEM);
    const sent = [dateRange(query, 'sent'), lastUpdated(query)].filter((r) => r !== null);
    const filter = {
      ids: idFilter(query),
      patientIds: both(refs(query, 'patient', 'Patient'), refs(query, 'subject', 'Patient')),
      conversationIds: conversations === null ? null : uuids(conversations),
      sent,
    };
    const { rows, total } = await contacts.findMessages(deps.db, caller.client.organisationId, filter, page);
    showReads(caller, 'conversationMessage', rows);
    return { resources: rows.map(toCommunication), total };
  },
  async Encounter(deps, caller, query, page) {
    const filter = {
      ids: idFilter(query),
      patientIds: both(refs(query, 'patient', 'Patient'), refs(query, 'subject', 'Patient')),
      appointmentIds: refs(query, 'appointment', 'Appointment'),
      statuses: query.status === undefined ? null : values(query, 'status'),
      date: dateRange(query, 'date'),
      lastUpdated: lastUpdated(query),
    };
    const { rows, total } = await contacts.findChannels(deps.db, caller.client.organisationId, filter, page);
    showReads(caller, 'chatChannel', rows);
    const experts = await contacts.expertsOfChannels(
      deps.db,
      rows.map((r) => r.id),
    );
    const resources = rows.map((row) =>
      toEncounter(
        row,
        experts.filter((e) => e.channelId === row.id).map((e) => e.expertId),
      ),
    );
    return { resources, total };
  },
};

const searches: Record<FhirResourceType, Search> = {
  ...contactSearches,
  async Appointment(deps, caller, query, page) {
    const actor = typedReferences(query, 'actor', ['Patient', 'Practitioner']);
    const { rows, total } = await repo.findAppointments(
      deps.db,
      caller.client.organisationId,
      {
        ids: idFilter(query),
        date: dateRange(query, 'date'),
        patientIds: both(refs(query, 'patient', 'Patient'), actor?.Patient?.length ? uuids(actor.Patient) : null),
        practitionerIds: both(refs(query, 'practitioner', 'Practitioner'), actor?.Practitioner?.length ? uuids(actor.Practitioner) : null),
        lastUpdated: lastUpdated(query),
      },
      page,
    );
    const participants = await repo.participantsOf(
      deps.db,
      rows.map((r) => r.id),
    );
    showReads(
      caller,
      'appointment',
      participants.map((p) => ({ id: p.appointmentId, patientId: p.patientId })),
    );
    return {
      resources: rows.map((row) =>
        toAppointment(
          row,
          participants.filter((p) => p.appointmentId === row.id),
        ),
      ),
      total,
    };
  },
  async Slot(deps, caller, query, page) {
    const filter = {
      ids: idFilter(query),
      start: dateRange(query, 'start'),
      scheduleIds: refs(query, 'schedule', 'Schedule'),
      lastUpdated: lastUpdated(query),
    };
    const { rows, total } = await repo.findSlots(deps.db, caller.client.organisationId, filter, page);
    return { resources: rows.map(toSlot), total };
  },
  async Schedule(deps, caller, query, page) {
    const ids = both(idFilter(query), refs(query, 'actor', 'Practitioner'));
    const { rows, total } = await repo.findExperts(deps.db, caller.client.organisationId, { ids, lastUpdated: lastUpdated(query) }, page);
    const names = await repo.specializationNames(
      deps.db,
      rows.flatMap((r) => r.specializations),
    );
    return {
      resources: rows.map((row) =>
        toSchedule({ ...row, specializations: row.specializations.map((slug) => ({ slug, name: names.get(slug) ?? null })) }),
      ),
      total,
    };
  },
  async Practitioner(deps, caller, query, page) {
    const filter = { ids: idFilter(query), lastUpdated: lastUpdated(query) };
    const { rows, total } = await repo.findExperts(deps.db, caller.client.organisationId, filter, page);
    return { resources: rows.map(toPractitioner), total };
  },
  async Patient(deps, caller, query, page) {
    const identifiers = values(query, 'identifier');
    const ssnHashes = identifiers.length
      ? identifiers.map((raw) => {
          const [system, value] = raw.includes('|') ? raw.split('|', 2) : [FINNISH_PIC_SYSTEM, raw];
          if (system !== FINNISH_PIC_SYSTEM && system !== '')
            throw new FhirError(400, 'not-supported', `Only ${FINNISH_PIC_SYSTEM} identifiers are searchable`);
          return deps.cipher.keyedHash(normalizeSsn(value ?? ''));
        })
      : null;
    const filter = { ids: idFilter(query), ssnHashes, lastUpdated: lastUpdated(query) };
    const { rows, total } = await repo.findPatients(deps.db, caller.client.organisationId, filter, page);
    showReads(
      caller,
      'patient',
      rows.map((r) => ({ id: r.id, patientId: r.id })),
    );
    return { resources: rows.map((row) => toPatient(row, deps.cipher.decrypt(row.ssnEncrypted))), total };
  },
  async QuestionnaireResponse(deps, caller, query, page) {
    const filter = {
      ids: idFilter(query),
      patientIds: both(refs(query, 'patient', 'Patient'), refs(query, 'subject', 'Patient')),
      authored: dateRange(query, 'authored'),
      lastUpdated: lastUpdated(query),
    };
    const { rows, total } = await repo.findResponses(deps.db, caller.client.organisationId, filter, page);
    showReads(caller, 'surveyResponse', rows);
    return { resources: rows.map(toQuestionnaireResponse), total };
  },
};

/** The URL a Bundle links one page of a search with (`self`, `next`), from that page's parameters. */
export type PageUrl = (type: FhirResourceType, params: Query) => string;

/** A page's parameters in the link's query string, as a search by GET gave them. */
export function plainPageUrl(base: string): PageUrl {
  return (type, params) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params))
      for (const v of Array.isArray(value) ? value : [value ?? '']) search.append(name, v);
    return `${base}/${type}?${search.toString()}`;
  };
}

/**
 * A search answered as a searchset Bundle, with `self` and, when more match, `next` links, made by `pageUrl` (a
 * search by POST links its pages with opaque tokens, so what its body carried stays out of URLs).
 */
export async function search(
  deps: FhirDeps,
  caller: FhirCaller,
  type: FhirResourceType,
  query: Query,
  base: string,
  pageUrl: PageUrl = plainPageUrl(base),
): Promise<Bundle> {
  assertKnownParams(query, SEARCH_PARAMS[type]);
  // Slots, schedules and practitioners show no patient: an answer of them has nothing more to log.
  caller.reads.show([]);
  const page = paging(query);
  const { resources, total } = await searches[type](deps, caller, query, page);
  const link = (offset: number) => {
    const params: Query = {};
    for (const [name, value] of Object.entries(query))
      if (name !== '_offset' && name !== '_count' && value !== undefined) params[name] = value;
    params._count = String(page.count);
    if (offset) params._offset = String(offset);
    return pageUrl(type, params);
  };
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: [
      { relation: 'self', url: link(page.offset) },
      ...(page.offset + page.count < total ? [{ relation: 'next', url: link(page.offset + page.count) }] : []),
    ],
    entry: resources.map((resource) => ({ fullUrl: `${base}/${type}/${resource.id}`, resource, search: { mode: 'match' as const } })),
  };
}

/** One resource by id, or 404 (another organisation's object is not found either). */
export async function read(deps: FhirDeps, caller: FhirCaller, type: FhirResourceType, id: string): Promise<Resource> {
  const [valid] = uuids([id]);
  if (!valid) throw new FhirError(404, 'not-found', `${type}/${id.slice(0, 64)} not found`);
  caller.reads.show([]);
  const { resources } = await searches[type](deps, caller, { _id: valid }, { count: 1, offset: 0 });
  if (!resources[0]) throw new FhirError(404, 'not-found', `${type}/${valid} not found`);
  return resources[0];
}
