import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZQuickReply, ZQuickReplyInput, ZQuickReplyParams } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { actorOf } from '../../platform/access/admin-actor';
import { ok } from '../../platform/ok';
import * as replies from './quick-replies.service';

const view = { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } as const;
const edit = { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } as const;
const editReply = { ...edit, object: 'quickReply' } as const;
const expert = { kind: 'expert', patientData: 'none' } as const;

const one = { 200: okEnvelope(ZQuickReply) };
const list = { 200: okEnvelope(z.array(ZQuickReply)) };
const none = { 200: okEnvelope(z.null()) };
const params = ZQuickReplyParams;

function expertOf(req: FastifyRequest): replies.QuickReplyExpert {
  // The `expert` declaration has loaded who calls.
  return req.expert!;
}

/**
 * Quick replies (issue 32, point 5; docs/quick-replies.md): the organisation's under `/api/admin/quick-replies` for
 * admins with the service-settings right (view to list, edit to change, audited); the expert's own under
 * `/api/expert/quick-replies`, whose list answers the organisation's and the expert's own for the composer.
 */
export async function quickRepliesRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/admin/quick-replies',
    { config: { access: view }, schema: { summary: 'List the organisation’s quick replies', response: list } },
    async (req) => ok(await replies.listOrganisationReplies(db, actorOf(req))),
  );
  app.post(
    '/api/admin/quick-replies/create',
    { config: { access: edit }, schema: { summary: 'Add an organisation quick reply', body: ZQuickReplyInput, response: one } },
    async (req) => ok(await replies.createOrganisationReply(db, actorOf(req), req.body)),
  );
  app.post(
    '/api/admin/quick-replies/:id/update',
    {
      config: { access: editReply },
      schema: { summary: 'Change an organisation quick reply', params, body: ZQuickReplyInput, response: one },
    },
    async (req) => ok(await replies.updateOrganisationReply(db, actorOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/quick-replies/:id',
    { config: { access: editReply }, schema: { summary: 'Delete an organisation quick reply', params, response: none } },
    async (req) => {
      await replies.deleteOrganisationReply(db, actorOf(req), req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/api/expert/quick-replies',
    {
      config: { access: expert },
      schema: { summary: 'List the organisation’s quick replies and the expert’s own (for the chat composer)', response: list },
    },
    async (req) => ok(await replies.repliesForComposer(db, expertOf(req))),
  );
  app.get(
    '/api/expert/quick-replies/own',
    { config: { access: expert }, schema: { summary: 'List the expert’s own quick replies', response: list } },
    async (req) => ok(await replies.listOwnReplies(db, expertOf(req))),
  );
  app.post(
    '/api/expert/quick-replies/create',
    { config: { access: expert }, schema: { summary: 'Add an own quick reply', body: ZQuickReplyInput, response: one } },
    async (req) => ok(await replies.createOwnReply(db, expertOf(req), req.body)),
  );
  app.post(
    '/api/expert/quick-replies/:id/update',
    { config: { access: expert }, schema: { summary: 'Change an own quick reply', params, body: ZQuickReplyInput, response: one } },
    async (req) => ok(await replies.updateOwnReply(db, expertOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/api/expert/quick-replies/:id',
    { config: { access: expert }, schema: { summary: 'Delete an own quick reply', params, response: none } },
    async (req) => {
      await replies.deleteOwnReply(db, expertOf(req), req.params.id);
      return ok(null);
    },
  );
}
