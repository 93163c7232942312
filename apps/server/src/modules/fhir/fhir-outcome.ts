import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { AppError } from '../../platform/app-error';

/** The FHIR JSON media type every answer of `/fhir/R4/` carries. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

type IssueCode = 'invalid' | 'not-found' | 'login' | 'forbidden' | 'not-supported' | 'throttled' | 'exception' | 'too-costly';

/**
 * A refusal of the FHIR API, answered as an OperationOutcome with its HTTP status. Its diagnostics are fixed English
 * texts about the request (a parameter's name, never a value that could be personal data).
 */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly issueCode: IssueCode,
    readonly diagnostics: string,
  ) {
    super(diagnostics);
    this.name = 'FhirError';
  }
}

export function operationOutcome(issueCode: IssueCode, diagnostics: string, severity: 'error' | 'fatal' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code: issueCode, diagnostics }] };
}

/** What the app's own errors (access, rate limits, 404s) become in FHIR's words. */
function fromError(err: Error & { statusCode?: number }): FhirError {
  if (err instanceof FhirError) return err;
  const status = err instanceof AppError ? err.httpStatus : (err.statusCode ?? 500);
  if (status === 401) return new FhirError(401, 'login', 'A valid access token is required (Authorization: Bearer).');
  if (status === 403) return new FhirError(403, 'forbidden', 'Access refused.');
  if (status === 404) return new FhirError(404, 'not-found', 'Resource not found.');
  if (status === 429) return new FhirError(429, 'throttled', 'Too many requests.');
  if (status === 413) return new FhirError(413, 'too-costly', 'Request too large.');
  if (status >= 400 && status < 500) return new FhirError(status, 'invalid', 'Invalid request.');
  return new FhirError(500, 'exception', 'Internal error.');
}

/** The error handler of the FHIR scope: an OperationOutcome with the right status, `WWW-Authenticate` on a 401. */
export function sendFhirError(req: FastifyRequest, reply: FastifyReply, err: Error & { statusCode?: number }) {
  const fhir = fromError(err);
  if (fhir.status >= 500) req.log.error({ err }, 'fhir request failed');
  if (fhir.status === 401) reply.header('www-authenticate', 'Bearer realm="fhir", error="invalid_token"');
  return reply
    .code(fhir.status)
    .type(FHIR_JSON)
    .send(JSON.stringify(operationOutcome(fhir.issueCode, fhir.diagnostics, fhir.status >= 500 ? 'fatal' : 'error')));
}
