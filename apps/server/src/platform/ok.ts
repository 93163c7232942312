import type { OkEnvelope } from '@prsp/contracts';

/** The success envelope of every JSON answer. */
export function ok<T>(data: T): OkEnvelope<T> {
  return { status: 'ok', statusCode: 200, data };
}
