import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CATALOGUE,
  FIELD_MESSAGES,
  isErrorCode,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldError,
  type FieldMessageKey,
} from '@prsp/contracts';
import { AppError } from '../platform/app-error';
import { requestLanguage } from '../platform/request-language';

function isFieldMessageKey(key: string): key is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, key);
}

/** Maps a zod issue to a field error. Schemas in contracts name their message keys; other issues get a generic one. */
function toFieldErrors(
  req: FastifyRequest,
  issues: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[],
): FieldError[] {
  const lang = requestLanguage(req);
  return issues.map((issue) => {
    const key: FieldMessageKey =
      issue.message && isFieldMessageKey(issue.message)
        ? issue.message
        : issue.keyword === 'invalid_type' && issue.params.input === undefined
          ? 'required'
          : issue.keyword === 'too_big'
            ? 'tooLong'
            : 'invalid';
    return {
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      messageKey: `fields.${key}`,
      message: FIELD_MESSAGES[key][lang],
    };
  });
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ErrorCode, fields?: FieldError[]) {
  const entry = ERROR_CATALOGUE[code];
  const body: ErrorEnvelope = {
    status: 'error',
    statusCode: code,
    errorKey: entry.key,
    message: entry.messages[requestLanguage(req)],
    ...(fields ? { fields } : {}),
  };
  return reply.code(entry.http).send(body);
}

/** One error handler: catalogue errors as they are, validation as 400 with fields, everything else as 500 without details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof AppError) {
      if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
      return sendError(req, reply, err.code, err.fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(req, reply, 400, toFieldErrors(req, err.validation as never));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return sendError(req, reply, 429);
    if (status === 413) return sendError(req, reply, 413);
    if (status === 404) return sendError(req, reply, 404);
    if (status >= 400 && status < 500) {
      req.log.info({ status }, 'client error');
      return sendError(req, reply, isErrorCode(status) ? status : 400);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500);
  });
  app.setNotFoundHandler((req, reply) => sendError(req, reply, 404));
});
