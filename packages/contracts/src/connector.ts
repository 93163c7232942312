import { z } from 'zod/mini';
import { ZStrippedToken, type StrippedToken } from './identity';
import { zText } from './text';

/**
 * The health-assessment connector (spec §7): a page in an embedded frame before a chat. It says `init`, the app
 * answers `Auth` with the patient's stripped token, and the page ends with `completed` (a result), or
 * `completedEncrypted` (a result only the connector's own system reads), or `error`. The result travels on to the
 * expert sealed by the server (`POST /api/services/metadata/{uuid}`). See docs/self-assessment.md.
 */

/** Where the built-in self-assessment (outside production only) is served, on the app's own origin. */
export const SELF_ASSESSMENT_STAND_IN_PATH = '/stand-ins/self-assessment/';

/** The longest encrypted result passed on: the sealed metadata holds at most 10,000 characters of JSON. */
export const CONNECTOR_ENCRYPTED_MAX = 9_000;

/** What the connector's page posts to the app. Anything else, or anything from another window, is ignored. */
export const ZConnectorMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init') }),
  z.object({ type: z.literal('completed'), result: z.record(zText().check(z.maxLength(100)), z.unknown()) }),
  z.object({ type: z.literal('completedEncrypted'), result: z.string().check(z.minLength(1), z.maxLength(CONNECTOR_ENCRYPTED_MAX)) }),
  z.object({
    type: z.literal('error'),
    code: z.optional(zText().check(z.maxLength(100))),
    message: z.optional(zText().check(z.maxLength(1000))),
  }),
]);
export type ConnectorMessage = z.infer<typeof ZConnectorMessage>;

/** The app's answer to `init`: `GET /api/user/stripped-token` under the names the connector expects. */
export const ZConnectorAuth = z.object({
  type: z.literal('Auth'),
  token: z.object({ accessToken: z.string().check(z.minLength(1)), age: ZStrippedToken.shape.age, gender: ZStrippedToken.shape.gender }),
});
export type ConnectorAuth = z.infer<typeof ZConnectorAuth>;

export function connectorAuth(stripped: StrippedToken): ConnectorAuth {
  return { type: 'Auth', token: { accessToken: stripped.token, age: stripped.age, gender: stripped.gender } };
}

/** How urgently the built-in self-assessment says the patient needs care, most urgent first. */
export const URGENCY_LEVELS = ['emergency', 'urgent', 'soon', 'selfCare'] as const;
export type Urgency = (typeof URGENCY_LEVELS)[number];

/**
 * The built-in self-assessment's result, and the shape the expert's chat view shows readably: the urgency and
 * each question with its answer, as the patient saw them. Another connector's result is shown as it came.
 */
export const ZSelfAssessmentResult = z.object({
  urgency: z.enum(URGENCY_LEVELS),
  answers: z.array(z.object({ question: zText().check(z.maxLength(300)), answer: zText().check(z.maxLength(500)) })).check(z.maxLength(20)),
});
export type SelfAssessmentResult = z.infer<typeof ZSelfAssessmentResult>;

/** The questionnaire metadata a finished connector gives the chat (the keys the expert's view looks for). */
export function selfAssessmentMetadata(
  message: Extract<ConnectorMessage, { type: 'completed' | 'completedEncrypted' }>,
): Record<string, unknown> {
  return message.type === 'completed' ? { selfAssessment: message.result } : { selfAssessmentEncrypted: message.result };
}

/**
 * How urgent a connector's result says the patient's need is: the built-in result's `urgency`; another connector's
 * top-level `urgency` when it is one of ours, or `redFlag: true` (an emergency). Null when it says nothing we know.
 * The server reads it before sealing; an emergency is told to the patient at once and waits first in the queue.
 */
export function resultUrgency(result: unknown): Urgency | null {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return null;
  const { urgency, redFlag } = result as Record<string, unknown>;
  if (redFlag === true) return 'emergency';
  return URGENCY_LEVELS.find((level) => level === urgency) ?? null;
}

/** The urgency of a chat's questionnaire metadata (`{ selfAssessment: result }`); an encrypted result has none we can read. */
export function metadataUrgency(metadata: Record<string, unknown> | null): Urgency | null {
  return metadata ? resultUrgency(metadata.selfAssessment) : null;
}

/** A chat's opened metadata as the expert reads it: a result to show, an encrypted one, another connector's, or none. */
export type SelfAssessmentView =
  { kind: 'result'; result: SelfAssessmentResult } | { kind: 'other'; result: Record<string, unknown> } | { kind: 'encrypted' } | null;

export function readSelfAssessment(metadata: Record<string, unknown> | null): SelfAssessmentView {
  if (!metadata) return null;
  if (typeof metadata.selfAssessmentEncrypted === 'string') return { kind: 'encrypted' };
  const result = metadata.selfAssessment;
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return null;
  const known = ZSelfAssessmentResult.safeParse(result);
  return known.success ? { kind: 'result', result: known.data } : { kind: 'other', result: result as Record<string, unknown> };
}
