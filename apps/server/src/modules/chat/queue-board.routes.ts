import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZBoardAccess, ZQueueBoard } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { actorOf, organisationOf } from '../../platform/access/admin-actor';
import { ok } from '../../platform/ok';
import { isShiftLead } from './queue-board.repo';
import { leadOrganisation, queueBoard } from './queue-board.service';
import { BOARD_ADMIN_ACCESS, BOARD_LEAD_ACCESS } from './queue-board.socket';

/**
 * The live queue board (issue 32, docs/queue-board.md). Admins see it with the service settings' view right (running
 * the service day to day, as the feedback results); experts an admin marked as shift leads see the same, read-only.
 * Counts and staff names only: no patient is named.
 */
export async function queueBoardRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/queues/board',
    {
      config: { access: BOARD_ADMIN_ACCESS },
      schema: { summary: 'Get the organisation’s live queue board', response: { 200: okEnvelope(ZQueueBoard) } },
    },
    async (req) => ok(await queueBoard(opts.db, organisationOf(actorOf(req)))),
  );
  app.get(
    '/api/expert/queues/board',
    {
      config: { access: BOARD_LEAD_ACCESS },
      schema: { summary: 'Get the organisation’s live queue board (shift leads)', response: { 200: okEnvelope(ZQueueBoard) } },
    },
    async (req) => ok(await queueBoard(opts.db, await leadOrganisation(opts.db, req.expert!))),
  );
  app.get(
    '/api/expert/queues/board/access',
    {
      config: { access: BOARD_LEAD_ACCESS },
      schema: { summary: 'Whether the expert leads a shift (sees the queue board)', response: { 200: okEnvelope(ZBoardAccess) } },
    },
    async (req) => {
      const { userId, organisationId } = req.expert!;
      return ok({ shiftLead: organisationId !== null && (await isShiftLead(opts.db, userId, organisationId)) });
    },
  );
}
