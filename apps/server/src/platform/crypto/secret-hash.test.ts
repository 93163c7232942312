import { expect, test } from 'vitest';
import { hashSecret, verifyAgainstDummy, verifySecret } from './secret-hash';

test('hashes with argon2id, salted, and verifies only the right secret', async () => {
  const a = await hashSecret('Correct-Horse-42');
  const b = await hashSecret('Correct-Horse-42');
  expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(a).not.toBe(b);
  expect(a).not.toContain('Correct-Horse-42');
  expect(await verifySecret(a, 'Correct-Horse-42')).toBe(true);
  expect(await verifySecret(a, 'correct-horse-42')).toBe(false);
});

test('a PIN keeps its leading zero: only the same six digits match', async () => {
  const stored = await hashSecret('012345');
  expect(await verifySecret(stored, '012345')).toBe(true);
  expect(await verifySecret(stored, '12345')).toBe(false);
  expect(await verifySecret(stored, '012346')).toBe(false);
});

test('no stored hash or a malformed one is no match, not a crash', async () => {
  expect(await verifySecret(null, '012345')).toBe(false);
  expect(await verifySecret('not-a-hash', 'x')).toBe(false);
});

test('the dummy check always fails; its time beside a real check is reported, not asserted', async () => {
  const real = await hashSecret('Correct-Horse-42');
  await verifyAgainstDummy('warm-up');
  const t0 = performance.now();
  await verifySecret(real, 'Wrong-Horse-42');
  const realMs = performance.now() - t0;
  const t1 = performance.now();
  expect(await verifyAgainstDummy('Correct-Horse-42')).toBe(false);
  const dummyMs = performance.now() - t1;
  console.log(`[secret-hash] a real check ${realMs.toFixed(1)} ms, the dummy check ${dummyMs.toFixed(1)} ms`);
});
