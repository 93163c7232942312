import { z } from 'zod/mini';

/** One field's validation failure: the field path, the i18n key, and its text. */
export const ZFieldError = z.object({ field: z.string(), messageKey: z.string(), message: z.string() });
export type FieldError = z.infer<typeof ZFieldError>;

export const ZErrorEnvelope = z.object({
  status: z.literal('error'),
  statusCode: z.int(),
  errorKey: z.string(),
  message: z.string(),
  fields: z.optional(z.array(ZFieldError)),
  /** When a refused action may be tried again (ISO 8601), e.g. after a sign-in lockout (102). */
  retryAt: z.optional(z.string()),
  /**
   * A 422 of an admin booking over open timeslots: the ones in the way (ms timestamps). Sent again with
   * `replaceOpenTimes`, the booking removes them.
   */
  openTimes: z.optional(z.array(z.object({ id: z.string(), startTime: z.number(), endTime: z.number() }))),
});
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** Builds the schema of a successful answer carrying `data`. */
export function okEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ status: z.literal('ok'), statusCode: z.literal(200), data });
}

export type OkEnvelope<T> = { status: 'ok'; statusCode: 200; data: T };

/**
 * The id of the JSON script element in which a patient page brings the API's answers (envelopes by path) for the
 * app's first render: written by the server (plugins/page-answers.ts), read once by the web app (lib/page-answers.ts).
 */
export const PAGE_ANSWERS_ID = 'prsp-page-answers';
