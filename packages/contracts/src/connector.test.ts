import { expect, test } from 'vitest';
import {
  connectorAuth,
  metadataUrgency,
  readSelfAssessment,
  resultUrgency,
  selfAssessmentMetadata,
  ZConnectorAuth,
  ZConnectorMessage,
} from './connector';

const result = { urgency: 'urgent', answers: [{ question: 'Kuume?', answer: 'Kyllä' }] };

test('the messages the app acts on', () => {
  expect(ZConnectorMessage.parse({ type: 'init' })).toEqual({ type: 'init' });
  expect(ZConnectorMessage.parse({ type: 'completed', result })).toEqual({ type: 'completed', result });
  expect(ZConnectorMessage.parse({ type: 'completedEncrypted', result: 'b64...' })).toEqual({
    type: 'completedEncrypted',
    result: 'b64...',
  });
  expect(ZConnectorMessage.parse({ type: 'error', code: 'E1', message: 'down' })).toEqual({ type: 'error', code: 'E1', message: 'down' });
  expect(ZConnectorMessage.parse({ type: 'error' })).toEqual({ type: 'error' });
  // Unknown fields are dropped, not passed on.
  expect(ZConnectorMessage.parse({ type: 'init', redirect: 'https://evil.example' })).toEqual({ type: 'init' });
});

test.each([
  ['an unknown type', { type: 'navigate', to: '/logout' }],
  ["the app's own Auth echoed back", { type: 'Auth', token: { accessToken: 't', age: 40, gender: 'male' } }],
  ['a completed without a result', { type: 'completed' }],
  ['a completed result as text', { type: 'completed', result: 'urgent' }],
  ['a completed result as a list', { type: 'completed', result: [1, 2] }],
  ['an empty encrypted result', { type: 'completedEncrypted', result: '' }],
  ['an encrypted result as an object', { type: 'completedEncrypted', result: { a: 1 } }],
  ['an absurdly long encrypted result', { type: 'completedEncrypted', result: 'x'.repeat(9_001) }],
  ['an error code as a number', { type: 'error', code: 500 }],
  ['a string', 'init'],
  ['null', null],
  ['an array', [{ type: 'init' }]],
])('%s is refused', (_label, message) => {
  expect(ZConnectorMessage.safeParse(message).success).toBe(false);
});

test('the Auth reply carries the stripped token under the names the connector expects', () => {
  const auth = connectorAuth({ token: 'jwt', age: 41, gender: 'female' });
  expect(auth).toEqual({ type: 'Auth', token: { accessToken: 'jwt', age: 41, gender: 'female' } });
  expect(ZConnectorAuth.parse(auth)).toEqual(auth);
});

test.each([
  ['no token', { type: 'Auth' }],
  ['an empty access token', { type: 'Auth', token: { accessToken: '', age: 41, gender: 'female' } }],
  ['an unknown gender', { type: 'Auth', token: { accessToken: 'jwt', age: 41, gender: 'x' } }],
  ['a negative age', { type: 'Auth', token: { accessToken: 'jwt', age: -1, gender: 'male' } }],
  ['another type', { type: 'auth', token: { accessToken: 'jwt', age: 41, gender: 'male' } }],
])('an Auth with %s is refused', (_label, message) => {
  expect(ZConnectorAuth.safeParse(message).success).toBe(false);
});

test('a finished connector becomes the metadata the expert reads', () => {
  const plain = selfAssessmentMetadata({ type: 'completed', result });
  expect(readSelfAssessment(plain)).toEqual({ kind: 'result', result });
  expect(readSelfAssessment(selfAssessmentMetadata({ type: 'completedEncrypted', result: 'abc' }))).toEqual({ kind: 'encrypted' });
  // Another connector's result is shown as it came; metadata without a self-assessment has none.
  expect(readSelfAssessment({ selfAssessment: { score: 3 } })).toEqual({ kind: 'other', result: { score: 3 } });
  expect(readSelfAssessment({ selfAssessment: 'text' })).toBeNull();
  expect(readSelfAssessment({ other: 1 })).toBeNull();
  expect(readSelfAssessment(null)).toBeNull();
});

test.each([
  ["the built-in result's emergency", { urgency: 'emergency', answers: [] }, 'emergency'],
  ["the built-in result's urgent", result, 'urgent'],
  ['self care', { urgency: 'selfCare', answers: [] }, 'selfCare'],
  ["another connector's top-level emergency", { urgency: 'emergency', score: 9 }, 'emergency'],
  ["another connector's red flag", { redFlag: true, triage: 'A' }, 'emergency'],
  ['a red flag outranks a milder urgency', { redFlag: true, urgency: 'selfCare' }, 'emergency'],
  ['a red flag that is not true', { redFlag: 'yes' }, null],
  ['an urgency we do not know', { urgency: 'EMERGENCY' }, null],
  ['no urgency', { answers: [] }, null],
  ['a list', ['emergency'], null],
  ['text', 'emergency', null],
  ['nothing', undefined, null],
])('the urgency of %s', (_, given, urgency) => {
  expect(resultUrgency(given)).toBe(urgency);
});

test("a chat's metadata: the self-assessment's urgency; an encrypted result or none has none", () => {
  expect(metadataUrgency({ selfAssessment: { urgency: 'emergency', answers: [] } })).toBe('emergency');
  expect(metadataUrgency({ selfAssessmentEncrypted: 'b64...' })).toBeNull();
  expect(metadataUrgency({ urgency: 'emergency' })).toBeNull();
  expect(metadataUrgency(null)).toBeNull();
});
