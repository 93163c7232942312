import type { FastifyInstance } from 'fastify';

/** Liveness answers while the process runs; readiness only while the database answers too. */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<boolean> }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const database = await opts.ping();
    return reply.code(database ? 200 : 503).send({ status: database ? 'ok' : 'error', database });
  });
}
