import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { DbAdapter } from './db-adapter';
import { loadSigningKey } from './signing-key';
import { testIdpEntries } from './test-idp.tables';
import { findTypedPerson, rememberTypedPerson } from './typed-persons';

/** oidc-provider's adapter contract (its docs' example adapter) on the real database. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const adapter = (model: string) => new DbAdapter(database.db, model);

/** Moves the entry's expiry into the past, as if its time had run out. */
async function expire(model: string, id: string) {
  await database.db
    .update(testIdpEntries)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(testIdpEntries.model, model), eq(testIdpEntries.id, id)));
}

describe('the database adapter', () => {
  test('finds what was upserted, per model, and an upsert replaces the payload', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode', accountId: 'a', grantId: 'g0' }, 60);
    expect(await codes.find('c1')).toEqual({ jti: 'c1', kind: 'AuthorizationCode', accountId: 'a', grantId: 'g0' });
    expect(await adapter('AccessToken').find('c1')).toBeUndefined();
    expect(await codes.find('nope')).toBeUndefined();

    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode', accountId: 'b' }, 60);
    expect(await codes.find('c1')).toEqual({ jti: 'c1', kind: 'AuthorizationCode', accountId: 'b' });
  });

  test('never returns an expired entry, by id, uid or user code', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s-old', { jti: 's-old', uid: 'u-old', kind: 'Session' }, 60);
    const devices = adapter('DeviceCode');
    await devices.upsert('d-old', { jti: 'd-old', userCode: 'OLD-CODE', kind: 'DeviceCode' }, 60);
    await expire('Session', 's-old');
    await expire('DeviceCode', 'd-old');
    expect(await sessions.find('s-old')).toBeUndefined();
    expect(await sessions.findByUid('u-old')).toBeUndefined();
    expect(await devices.findByUserCode('OLD-CODE')).toBeUndefined();
  });

  test('an entry without expiresIn is kept', async () => {
    await adapter('Client').upsert('client-1', { client_id: 'client-1' });
    expect(await adapter('Client').find('client-1')).toEqual({ client_id: 'client-1' });
  });

  test('finds a session by its uid and a device code by its user code', async () => {
    await adapter('Session').upsert('s1', { jti: 's1', uid: 'u1', kind: 'Session', accountId: 'a' }, 60);
    await adapter('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 60);
    expect(await adapter('Session').findByUid('u1')).toMatchObject({ jti: 's1', accountId: 'a' });
    expect(await adapter('Interaction').findByUid('u1')).toBeUndefined();
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });
    expect(await adapter('DeviceCode').findByUserCode('OTHER')).toBeUndefined();
  });

  test('a consumed entry is found with `consumed` set, and an upsert does not undo it', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c2', { jti: 'c2', kind: 'AuthorizationCode' }, 60);
    expect((await codes.find('c2'))?.consumed).toBeUndefined();
    const before = Math.floor(Date.now() / 1000);
    await codes.consume('c2');
    const consumed = (await codes.find('c2'))?.consumed as number;
    expect(consumed).toBeGreaterThanOrEqual(before);
    expect(consumed).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    await codes.upsert('c2', { jti: 'c2', kind: 'AuthorizationCode' }, 60);
    expect((await codes.find('c2'))?.consumed).toBe(consumed);
  });

  test('destroy removes the entry of its own model only', async () => {
    await adapter('Grant').upsert('x', { jti: 'x', kind: 'Grant' }, 60);
    await adapter('Session').upsert('x', { jti: 'x', uid: 'ux', kind: 'Session' }, 60);
    await adapter('Grant').destroy('x');
    expect(await adapter('Grant').find('x')).toBeUndefined();
    expect(await adapter('Session').find('x')).toMatchObject({ jti: 'x' });
  });

  test("revokeByGrantId removes the model's entries of that grant and nothing else", async () => {
    const tokens = adapter('AccessToken');
    await tokens.upsert('t1', { jti: 't1', grantId: 'g1' }, 60);
    await tokens.upsert('t2', { jti: 't2', grantId: 'g1' }, 60);
    await tokens.upsert('t3', { jti: 't3', grantId: 'g2' }, 60);
    await adapter('AuthorizationCode').upsert('c3', { jti: 'c3', grantId: 'g1' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toMatchObject({ grantId: 'g2' });
    expect(await adapter('AuthorizationCode').find('c3')).toMatchObject({ grantId: 'g1' });
  });

  test('storing an interaction deletes the entries that have expired', async () => {
    await adapter('AccessToken').upsert('gone', { jti: 'gone' }, 60);
    await expire('AccessToken', 'gone');
    await adapter('Interaction').upsert('i1', { jti: 'i1', kind: 'Interaction' }, 60);
    const rows = await database.db.select().from(testIdpEntries).where(eq(testIdpEntries.id, 'gone'));
    expect(rows).toHaveLength(0);
    expect(await adapter('Interaction').find('i1')).toMatchObject({ jti: 'i1' });
  });
});

describe("the stand-in's own entries", () => {
  test('the signing key is made once: racing loaders all get the same private key', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => loadSigningKey(database.db)));
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: 'test-idp' });
    expect(keys[0]!.d).toBeTruthy();
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    expect(await loadSigningKey(database.db)).toEqual(keys[0]);
  });

  test('a typed person is found until its time runs out', async () => {
    await rememberTypedPerson(database.db, '010101-123N', { givenName: 'Kirjoitettu', familyName: 'Henkilö' }, 60);
    expect(await findTypedPerson(database.db, '010101-123N')).toEqual({ givenName: 'Kirjoitettu', familyName: 'Henkilö' });
    await expire('TypedPerson', '010101-123N');
    expect(await findTypedPerson(database.db, '010101-123N')).toBeUndefined();
  });
});
