import type { FastifyReply } from 'fastify';

/**
 * Answers with JSON that was already serialized through the route's response schema (e.g. held by the read-model
 * cache): Fastify sends a string with a JSON content type as it is, without serializing it again. The reply is taken
 * untyped because the type provider expects the object form of the answer.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
