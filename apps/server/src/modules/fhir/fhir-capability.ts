import type { CapabilityStatement } from '@medplum/fhirtypes';
import { SEARCH_PARAMS, type FhirResourceType } from './fhir.service';

const PARAM_TYPES: Record<string, 'token' | 'date' | 'reference'> = {
  _id: 'token',
  _lastUpdated: 'date',
  identifier: 'token',
  date: 'date',
  start: 'date',
  authored: 'date',
  patient: 'reference',
  subject: 'reference',
  practitioner: 'reference',
  actor: 'reference',
  schedule: 'reference',
  sent: 'date',
  'part-of': 'reference',
  appointment: 'reference',
  status: 'token',
};

/**
 * A type's parameters by name: `part-of:identifier` is `part-of`, searched with that modifier only (its
 * documentation says so).
 */
const searchParams = (names: readonly string[]) =>
  [...new Set(names.map((name) => name.split(':')[0]!))].map((name) => ({
    name,
    type: PARAM_TYPES[name]!,
    ...(name === 'part-of'
      ? { documentation: 'Only with :identifier, the conversation: part-of:identifier=urn:prsp:conversation|{id}' }
      : {}),
  }));

/**
 * What the server offers (`GET /fhir/R4/metadata`): FHIR 4.0.1, JSON only, read and search-type of each resource
 * with its search parameters, and OAuth client credentials at `tokenUrl` (SMART's oauth-uris extension).
 */
export function capabilityStatement(base: string, tokenUrl: string, software: { name: string; date: string }): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: software.date,
    kind: 'instance',
    software: { name: software.name },
    implementation: { description: 'Read-only FHIR R4 API for integrations', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }] }],
          description:
            'OAuth 2.0 client credentials (RFC 6749 §4.4); send the access token as Authorization: Bearer. Each resource type needs its SMART system scope (system/{Type}.read, or .rs), granted to the client by an admin and asked with scope in the token request (docs/fhir.md, Scopes).',
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: tokenUrl }],
            },
          ],
        },
        resource: (Object.keys(SEARCH_PARAMS) as FhirResourceType[]).map((type) => ({
          type,
          interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
          searchParam: searchParams(SEARCH_PARAMS[type]),
        })),
      },
    ],
  };
}
