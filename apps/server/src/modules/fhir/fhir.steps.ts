/**
 * Test support for the FHIR tests: an API client with every scope and its token, and reads checked to be valid R4.
 * No production code imports this.
 */
import { API_CLIENT_SCOPES } from '@prsp/contracts';
import { expect } from 'vitest';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { okData, postJson } from '../patients/patient.steps';
import { expectValidFhir } from './fhir-schema.steps';

export type FhirBody = Record<string, unknown> & {
  id?: string;
  meta?: { versionId: string; lastUpdated: string };
  entry?: { resource: FhirBody }[];
  total?: number;
  issue?: { code: string }[];
};

/** A client of the admin's organisation granted `scopes` (every type unless told), and an access token of it. */
export async function fhirClient(
  t: TestApp,
  admin: TestBrowser,
  name = 'Tietoallas',
  scopes: readonly string[] = API_CLIENT_SCOPES,
): Promise<{ id: string; token: string }> {
  const created = await okData<{ client: { id: string; clientId: string }; clientSecret: string }>(
    postJson(admin, '/api/admin/api-clients', { name, scopes }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/fhir/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: created.client.clientId,
      client_secret: created.clientSecret,
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return { id: created.client.id, token: res.json<{ access_token: string }>().access_token };
}

/** A FHIR read or search with the token, its answer validated against the official R4 schema. */
export async function fhirGet(t: TestApp, token: string, path: string): Promise<{ status: number; body: FhirBody }> {
  const res = await t.app.inject({ method: 'GET', url: `/fhir/R4/${path}`, headers: { authorization: `Bearer ${token}` } });
  const body = res.json<FhirBody>();
  expectValidFhir(body);
  return { status: res.statusCode, body };
}

export const entryIds = (body: FhirBody) => (body.entry ?? []).map((e) => e.resource.id);
