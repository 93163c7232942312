import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '@prsp/contracts';

/**
 * The one error the server throws on purpose. `code` is a key of the spec's catalogue;
 * the error handler turns it into the envelope, with the catalogue's message in the
 * request's language. `detail` is for the log only and never reaches the client.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldError[];

  constructor(code: ErrorCode, opts: { detail?: string; fields?: FieldError[]; cause?: unknown } = {}) {
    super(opts.detail ?? ERROR_CATALOGUE[code].key, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
  }

  get httpStatus(): number {
    return ERROR_CATALOGUE[this.code].http;
  }
}
