import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, staffLoginThrottle, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { setCookieAttributes } from '../../test/login.steps';
import { createStaffAccount, GOOD_PASSWORD, expectStaffLoginFailed, staffLogin } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

// At most 20 sign-in requests per minute per address: this file stays under that (19).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

async function expectLockedOut(res: Response, until: Date) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  expect(await res.json()).toEqual({
    status: 'error',
    statusCode: 102,
    errorKey: 'errors.signInLockedOut',
    message: expect.stringContaining('15'),
    retryAt: until.toISOString(),
  });
  expect(setCookieAttributes(res, 'prsp_session')).toBeUndefined();
}

describe('lockout', () => {
  test('an e-mail without an account locks the same way: the lockout does not tell that an account exists', async () => {
    const known = await createStaffAccount(t);
    const unknown = `nobody-${known.id}@test.example`;
    const browser = new TestBrowser(t.baseUrl);
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < 5; i++) await expectStaffLoginFailed(await staffLogin(browser, email, `Wrong-Password-${i}`));
    }
    const known6 = await staffLogin(browser, known.email, 'Wrong-Password-5');
    const unknown6 = await staffLogin(browser, unknown.toUpperCase(), 'Wrong-Password-5');
    const [a, b] = [await known6.json(), await unknown6.json()];
    expect([known6.status, unknown6.status]).toEqual([429, 429]);
    expect({ ...a, retryAt: undefined }).toEqual({ ...b, retryAt: undefined });
    expect(a).toMatchObject({ statusCode: 102, errorKey: 'errors.signInLockedOut' });
    for (const body of [a, b]) {
      const minutes = (Date.parse(body.retryAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThanOrEqual(15);
    }
    // Only a hash of the typed text is kept.
    const throttle = await t.database.db.select().from(staffLoginThrottle);
    expect(JSON.stringify(throttle)).not.toContain('nobody');
  });

  test('five wrong passwords in a row shut the account for 15 minutes; then the right one works', async () => {
    const { id, email } = await createStaffAccount(t);
    const browser = new TestBrowser(t.baseUrl);
    for (let i = 0; i < 5; i++) await expectStaffLoginFailed(await staffLogin(browser, email, `Wrong-Password-${i}`));
    const shut = await userRow(id);
    const minutes = (shut.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);

    // During the lockout even the right password is told that there were too many tries, and until when.
    await expectLockedOut(await staffLogin(browser, email, GOOD_PASSWORD), shut.lockedUntil!);

    await t.database.db
      .update(staffUsers)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staffUsers.id, id));
    expect((await staffLogin(browser, email, GOOD_PASSWORD)).status).toBe(200);
    const open = await userRow(id);
    expect(open.failedLogins).toBe(0);
    expect(open.lockedUntil).toBeNull();
    const live = await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, id));
    expect(live).toHaveLength(1);
  });
});
