import { expect, test } from 'vitest';
import { describeJobError, JobError, stackFrames } from './job-error';

test("a JobError's message is kept as the handler wrote it", () => {
  expect(describeJobError(new JobError('ETIMEDOUT: Greeting never received'))).toBe('ETIMEDOUT: Greeting never received');
  expect(describeJobError(new JobError('x'.repeat(900)))).toHaveLength(500);
});

test('any other error keeps only its class and code: a database error names the values of its statement', () => {
  const dbError = Object.assign(new Error('Failed query: insert into patients …\nparams: Aino,Virtanen,010190-124N'), {
    name: 'DrizzleQueryError',
    cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
  });
  const text = describeJobError(dbError);
  expect(text).toMatch(/^DrizzleQueryError 23505 /);
  expect(text).not.toMatch(/Aino|010190|insert/);
  expect(describeJobError(Object.assign(new TypeError('cannot read aino@example.fi'), { code: 'ERR_X' }))).toMatch(/^TypeError ERR_X /);
  expect(describeJobError('a string with a name')).toMatch(/^string /);
  expect(describeJobError(undefined)).toMatch(/^undefined /);
});

test("the stack's frames are kept without the message line", () => {
  const frames = stackFrames(new Error('Aino Virtanen'))!;
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.every((f) => f.startsWith('at '))).toBe(true);
  expect(frames.join('\n')).not.toContain('Aino');
  expect(stackFrames('no stack')).toBeUndefined();
});
