import { ERROR_CATALOGUE, type ErrorCode, type ErrorEnvelope, type FieldMessageKey } from '@prsp/contracts';

/** A field that failed a rule: which field, and the message key the edge turns into the user's language. */
export type FieldIssue = { field: string; key: FieldMessageKey };

/**
 * The one error the server throws on purpose. `code` is a key of the spec's catalogue and `fields` carry message
 * keys only: services know no language. The edge (`toErrorEnvelope`, used by the HTTP error handler and the socket
 * layer alike) turns it into the envelope in the caller's language. `detail` is for the log only and never reaches
 * the client.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: readonly FieldIssue[];
  /** When the refused action may be tried again (sent as `retryAt` and `Retry-After`). */
  readonly retryAt?: Date;
  /** The open timeslots in the way of an admin booking (sent as they are: times, no language). */
  readonly openTimes?: ErrorEnvelope['openTimes'];

  constructor(
    code: ErrorCode,
    opts: { detail?: string; fields?: readonly FieldIssue[]; retryAt?: Date; openTimes?: ErrorEnvelope['openTimes']; cause?: unknown } = {},
  ) {
    super(opts.detail ?? ERROR_CATALOGUE[code].key, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.retryAt = opts.retryAt;
    this.openTimes = opts.openTimes;
  }

  get httpStatus(): number {
    return ERROR_CATALOGUE[this.code].http;
  }
}
