import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZChatCodeGroupParams,
  ZChatCodeGroupUpdate,
  ZChatCodeItem,
  ZMessageCodeGroup,
  ZMessageCodeGroupCreate,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { chatCodesCsv } from '../chat-codes/chat-codes-csv';
import { actorOf } from '../../platform/access/admin-actor';
import * as codes from './message-codes.service';
import { contentDisposition } from '../../platform/files/serve-file';

/** Message code groups and their codes (spec §2 `/admin/messages/messageCodes`), under the chat codes right. */
export async function messageCodesAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const view = { kind: 'admin', area: 'chatCodes', need: 'view' } as const;
  const edit = { kind: 'admin', area: 'chatCodes', need: 'edit' } as const;
  const one = { 200: okEnvelope(ZMessageCodeGroup) };
  const params = ZChatCodeGroupParams;

  app.get(
    '/api/admin/message-codes/list',
    { config: { access: view }, schema: { response: { 200: okEnvelope(z.array(ZMessageCodeGroup)) } } },
    async (req) => ok(await codes.listGroups(opts.db, actorOf(req))),
  );
  app.post(
    '/api/admin/message-codes/create',
    { config: { access: edit }, schema: { body: ZMessageCodeGroupCreate, response: one } },
    async (req) => ok(await codes.createGroup(opts.db, actorOf(req), req.body)),
  );
  app.post(
    '/api/admin/message-codes/:groupId/update',
    {
      config: { access: { ...edit, object: 'messageCodeGroup' } },
      schema: { params, body: ZChatCodeGroupUpdate, response: one },
    },
    async (req) => ok(await codes.updateGroup(opts.db, actorOf(req), req.params.groupId, req.body)),
  );
  app.delete(
    '/api/admin/message-codes/:groupId',
    { config: { access: { ...edit, object: 'messageCodeGroup' } }, schema: { params, response: { 200: okEnvelope(z.null()) } } },
    async (req) => {
      await codes.deleteGroup(opts.db, actorOf(req), req.params.groupId);
      return ok(null);
    },
  );
  app.get(
    '/api/admin/message-codes/:groupId/codes',
    {
      config: { access: { ...view, object: 'messageCodeGroup' } },
      schema: { params, response: { 200: okEnvelope(z.array(ZChatCodeItem)) } },
    },
    async (req) => ok(await codes.listCodes(opts.db, actorOf(req), req.params.groupId)),
  );
  app.get(
    '/api/admin/message-codes/:groupId/csv',
    { config: { access: { ...view, object: 'messageCodeGroup' } }, schema: { params } },
    async (req, reply) => {
      const file = await codes.codesForDownload(opts.db, actorOf(req), req.params.groupId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .send(chatCodesCsv(file.group, file.codes, requestLanguage(req)));
    },
  );
}
