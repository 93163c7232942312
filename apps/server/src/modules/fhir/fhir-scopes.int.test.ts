import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMER_API_CLIENT_SCOPES, type ApiClient, type ApiClientCreated } from '@prsp/contracts';
import { apiClients, auditLog } from '../../db/schema';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestBrowser } from '../../test/http-client';
import { beforeMigration } from '../../test/migration-steps';
import type { TestApp } from '../../test/test-app';
import { bookingExpert } from '../booking/booking.steps';
import { expectError, okData } from '../patients/patient.steps';
import { expectValidFhir } from './fhir-schema.steps';

/**
 * Scopes per resource type (docs/fhir.md 'Scopes', issue 30 point 4): what an admin grants a client, what a token
 * asks of that grant, and that every FHIR read and search is held to both.
 */
let t: TestApp;
let admin: TestBrowser;
const experts: string[] = [];

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
type Client = { id: string; clientId: string; secret: string };

beforeAll(async () => {
  let espoo: string;
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { organisation: 'espoo-demo' });
  // Two practitioners at least, so a search of one a page has a next page.
  for (const specialization of ['nurse', 'doctor']) experts.push((await bookingExpert(t, espoo, specialization)).id);
});
afterAll(() => t?.close());

async function createClient(scopes: readonly string[], name = 'Rajattu'): Promise<Client> {
  const created = await okData<ApiClientCreated>(postJson(admin, '/api/admin/api-clients', { name, scopes }));
  return { id: created.client.id, clientId: created.client.clientId, secret: created.clientSecret };
}

function askToken(client: Client, scope?: string, secret = client.secret) {
  const fields: Record<string, string> = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret };
  if (scope !== undefined) fields.scope = scope;
  return t.app.inject({ method: 'POST', url: '/fhir/oauth2/token', headers: FORM, payload: new URLSearchParams(fields).toString() });
}

async function tokenFor(client: Client, scope?: string): Promise<{ token: string; scope: string }> {
  const res = await askToken(client, scope);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ access_token: string; scope: string }>();
  return { token: body.access_token, scope: body.scope };
}

/** The claims of a JWT (its middle part); the signature is the server's concern. */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** A FHIR GET, or a search by POST with `form`: the status, and for a 403 the issue's code and diagnostics. */
async function fhir(token: string, path: string, form?: Record<string, string>) {
  const res = await t.app.inject({
    method: form ? 'POST' : 'GET',
    url: `/fhir/R4/${path}`,
    headers: { authorization: `Bearer ${token}`, ...(form ? FORM : {}) },
    payload: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = res.json<{
    resourceType: string;
    issue?: { code: string; diagnostics: string }[];
    link?: { relation: string; url: string }[];
  }>();
  expectValidFhir(body);
  return { status: res.statusCode, body, issue: body.issue?.[0] };
}

describe('creating a client', () => {
  it('stores the chosen scopes, lists them, audits them, and refuses none, unknown or repeated ones', async () => {
    const scopes = ['system/Appointment.read', 'system/Communication.read'];
    const created = await okData<ApiClientCreated>(postJson(admin, '/api/admin/api-clients', { name: 'Viestit', scopes }));
    expect(created.client.scopes).toEqual(scopes);
    const [row] = await t.database.db.select().from(apiClients).where(eq(apiClients.id, created.client.id));
    expect(row!.scopes).toEqual(scopes);
    const listed = await okData<ApiClient[]>(admin.fetch('/api/admin/api-clients'));
    expect(listed.find((c) => c.id === created.client.id)!.scopes).toEqual(scopes);
    const [audit] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apiClient.create'), eq(auditLog.objectId, created.client.id)));
    expect(audit!.details).toEqual({ scopes });

    const bad = async (body: unknown) => fieldKeys(await expectError(postJson(admin, '/api/admin/api-clients', body), 400, 400));
    expect(await bad({ name: 'x', scopes: [] })).toEqual({ scopes: 'fields.apiClientScopes' });
    expect(await bad({ name: 'x' })).toEqual({ scopes: 'fields.apiClientScopes' });
    expect(await bad({ name: 'x', scopes: ['system/Observation.read'] })).toEqual({ 'scopes.0': 'fields.invalid' });
    expect(await bad({ name: 'x', scopes: ['system/*.read'] })).toEqual({ 'scopes.0': 'fields.invalid' });
    expect(await bad({ name: 'x', scopes: ['system/Slot.read', 'system/Slot.read'] })).toEqual({ scopes: 'fields.invalid' });
  });
});

describe('the token’s scope', () => {
  it('is the whole grant when none is asked, in the answer and in the token', async () => {
    const client = await createClient(FORMER_API_CLIENT_SCOPES);
    const { token, scope } = await tokenFor(client);
    expect(scope).toBe(FORMER_API_CLIENT_SCOPES.join(' '));
    expect(claimsOf(token).scope).toBe(scope);
    expect((await fhir(token, 'Patient')).status).toBe(200);
    // The six former types do not include secure messages.
    expect((await fhir(token, 'Communication')).status).toBe(403);
  });

  it('is narrowed to what the token asks', async () => {
    const client = await createClient(FORMER_API_CLIENT_SCOPES);
    const { token, scope } = await tokenFor(client, 'system/Appointment.read');
    expect(scope).toBe('system/Appointment.read');
    expect(claimsOf(token).scope).toBe('system/Appointment.read');
    expect((await fhir(token, 'Appointment')).status).toBe(200);
    const refused = await fhir(token, 'Practitioner');
    expect([refused.status, refused.body.resourceType, refused.issue?.code]).toEqual([403, 'OperationOutcome', 'forbidden']);
    expect(refused.issue?.diagnostics).toContain('system/Practitioner.read');
  });

  it('takes SMART v2 `.rs` and `system/*` for the whole grant, answered in the spelling asked', async () => {
    const client = await createClient(['system/Practitioner.read', 'system/Schedule.read']);
    const v2 = await tokenFor(client, 'system/*.rs');
    expect(v2.scope).toBe('system/Practitioner.rs system/Schedule.rs');
    expect((await fhir(v2.token, 'Schedule')).status).toBe(200);
    expect((await fhir(v2.token, 'Appointment')).status).toBe(403);
    const repeated = await tokenFor(client, 'system/Practitioner.read  system/*.read');
    expect(repeated.scope).toBe('system/Practitioner.read system/Schedule.read');
  });

  it('answers invalid_scope for a scope outside the grant or the vocabulary, and invalid_client first without the secret', async () => {
    const client = await createClient(['system/Appointment.read']);
    for (const scope of [
      'system/Patient.read',
      'system/Appointment.read system/Communication.rs',
      'patient/*.read',
      'system/Appointment.write',
    ]) {
      const res = await askToken(client, scope);
      expect([res.statusCode, res.json<{ error: string }>().error, res.headers['cache-control']]).toEqual([
        400,
        'invalid_scope',
        'no-store',
      ]);
    }
    const stranger = await askToken(client, 'system/Patient.read', 'wrong-secret');
    expect([stranger.statusCode, stranger.json<{ error: string }>().error]).toEqual([401, 'invalid_client']);
  });
});

describe('FHIR requests', () => {
  it('a client with only the Appointment scope reads Appointments and is refused Patients by GET, POST and read', async () => {
    const { token } = await tokenFor(await createClient(['system/Appointment.read']));
    expect((await fhir(token, 'Appointment')).status).toBe(200);
    expect((await fhir(token, 'Appointment/_search', { _count: '1' })).status).toBe(200);
    for (const [path, form] of [
      ['Patient', undefined],
      ['Patient/_search', { _id: experts[0]! }],
      [`Patient/${experts[0]}`, undefined],
      [`Practitioner/${experts[0]}`, undefined],
      ['Communication', undefined],
      ['Encounter/_search', {}],
    ] as const) {
      const refused = await fhir(token, path, form);
      expect([path, refused.status, refused.issue?.code]).toEqual([path, 403, 'forbidden']);
    }
    // The CapabilityStatement stays public and says scopes are needed; an unserved type is still not found.
    const metadata = await t.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json<{ rest: { security: { description: string } }[] }>().rest[0]!.security.description).toContain(
      'system/{Type}.read',
    );
    expect((await fhir(token, 'Observation')).status).toBe(404);
  });

  it('narrowing a client’s grant bites at once, on its live tokens and their page links', async () => {
    const client = await createClient(['system/Appointment.read', 'system/Practitioner.read']);
    const { token } = await tokenFor(client);
    const first = await fhir(token, 'Practitioner/_search', { _count: '1' });
    expect(first.status).toBe(200);
    const next = first.body.link!.find((l) => l.relation === 'next')!.url;
    expect(next).toContain('_page=');
    const nextPath = next.slice(next.indexOf('/fhir/R4/') + '/fhir/R4/'.length);
    expect((await fhir(token, nextPath)).status).toBe(200);

    await t.database.db
      .update(apiClients)
      .set({ scopes: ['system/Appointment.read'] })
      .where(eq(apiClients.id, client.id));
    expect((await fhir(token, nextPath)).status).toBe(403);
    expect((await fhir(token, `Practitioner/${experts[0]}`)).status).toBe(403);
    expect((await fhir(token, 'Appointment')).status).toBe(200);
    // A new token cannot ask for what was taken away.
    expect((await askToken(client, 'system/Practitioner.read')).json<{ error: string }>().error).toBe('invalid_scope');
  });
});

describe('clients made before scopes', () => {
  it('keep the six types they could read when migration 0025 runs, and no later client gets a default', async () => {
    await beforeMigration('0025_fhir_versions_and_scopes', async (client, migrateTheRest) => {
      // The client alone matters here: its organisation's row is left out (foreign keys off for this session).
      await client.exec(`
        set session_replication_role = replica;
        insert into api_clients (organisation_id, name, client_id, secret_hash)
          values ('00000000-0000-4000-8000-000000000001', 'Vanha', 'prsp-old', 'hash');
        set session_replication_role = origin;
      `);
      await migrateTheRest();
      const { rows } = await client.query<{ scopes: string[] }>(`select scopes from api_clients where client_id = 'prsp-old'`);
      expect(rows).toEqual([{ scopes: [...FORMER_API_CLIENT_SCOPES] }]);
      await expect(
        client.query(`insert into api_clients (organisation_id, name, client_id, secret_hash)
          values ('00000000-0000-4000-8000-000000000001', 'Uusi', 'prsp-new', 'hash')`),
      ).rejects.toThrow(/scopes/);
    });
  });
});
