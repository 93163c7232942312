import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isErrorCode, type FieldMessageKey } from '@prsp/contracts';
import { AppError, type FieldIssue } from '../platform/app-error';
import { toErrorEnvelope } from '../platform/error-envelope';
import { isFieldMessageKey } from '../platform/field-errors';
import { requestLanguage } from '../platform/request-language';

/** Maps a schema validation issue to a field issue. Schemas in contracts name their message keys; other issues get a generic one. */
function toFieldIssues(
  issues: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[],
): FieldIssue[] {
  return issues.map((issue) => {
    const key: FieldMessageKey =
      issue.message && isFieldMessageKey(issue.message)
        ? issue.message
        : issue.keyword === 'invalid_type' && issue.params.input === undefined
          ? 'required'
          : issue.keyword === 'too_big'
            ? 'tooLong'
            : 'invalid';
    return { field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), key };
  });
}

/** Answers an error in the request's language; the only place HTTP answers become texts. */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  if (err.retryAt) reply.header('retry-after', String(Math.max(0, Math.ceil((err.retryAt.getTime() - Date.now()) / 1000))));
  return reply.code(err.httpStatus).send(toErrorEnvelope(err, requestLanguage(req)));
}

/** One error handler: catalogue errors as they are, validation as 400 with fields, everything else as 500 without details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof AppError) {
      if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
      return sendError(req, reply, err);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(req, reply, new AppError(400, { fields: toFieldIssues(err.validation as never) }));
    }
    const status = err.statusCode ?? 500;
    if (status === 429 || status === 415 || status === 413 || status === 404) return sendError(req, reply, new AppError(status));
    if (status >= 400 && status < 500) {
      req.log.info({ status }, 'client error');
      return sendError(req, reply, new AppError(isErrorCode(status) ? status : 400));
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, new AppError(500));
  });
  // The 'not found' answer is set with its rate limit in plugins/security.ts.
});
