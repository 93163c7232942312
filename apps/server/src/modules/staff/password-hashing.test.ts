import { expect, test } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hashing';

test('hashes with argon2id, salted, and verifies only the right password', async () => {
  const a = await hashPassword('Correct-Horse-42');
  const b = await hashPassword('Correct-Horse-42');
  expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword(a, 'Correct-Horse-42')).toBe(true);
  expect(await verifyPassword(a, 'correct-horse-42')).toBe(false);
});

test('a malformed stored hash is no match, not a crash', async () => {
  expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
});

test('the dummy check always fails and takes about as long as a real one', async () => {
  const real = await hashPassword('Correct-Horse-42');
  await verifyAgainstDummy('warm-up');
  const t0 = performance.now();
  await verifyPassword(real, 'Wrong-Horse-42');
  const tReal = performance.now() - t0;
  const t1 = performance.now();
  expect(await verifyAgainstDummy('Correct-Horse-42')).toBe(false);
  const tDummy = performance.now() - t1;
  expect(tDummy).toBeGreaterThan(tReal / 4);
});
