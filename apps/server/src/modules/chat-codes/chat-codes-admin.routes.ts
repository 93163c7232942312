import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZChatCodeGroup,
  ZChatCodeGroupCreate,
  ZChatCodeGroupParams,
  ZChatCodeGroupUpdate,
  ZChatCodeItem,
  ZChatCodeService,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { actorOf } from '../../platform/access/admin-actor';
import * as codes from './chat-codes-admin.service';
import { chatCodesCsv } from './chat-codes-csv';
import { contentDisposition } from '../../platform/files/serve-file';

/**
 * Chat code groups and their codes (spec §3 'Chat code group', §4 presets, §5). Each route declares the right it
 * needs; the service scopes every query by the organisation.
 */
export async function chatCodesAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = { 200: okEnvelope(ZChatCodeGroup) };
  const params = ZChatCodeGroupParams;

  app.get(
    '/api/admin/chat-codes/list',
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'view' } },
      schema: { response: { 200: okEnvelope(z.array(ZChatCodeGroup)) } },
    },
    async (req) => {
      return ok(await codes.listGroups(opts.db, actorOf(req)));
    },
  );
  app.get(
    '/api/admin/chat-codes/services',
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'view' } },
      schema: { response: { 200: okEnvelope(z.array(ZChatCodeService)) } },
    },
    async (req) => {
      return ok(await codes.listServices(opts.db, actorOf(req)));
    },
  );
  app.post(
    '/api/admin/chat-codes/create',
    { config: { access: { kind: 'admin', area: 'chatCodes', need: 'edit' } }, schema: { body: ZChatCodeGroupCreate, response: one } },
    async (req) => {
      return ok(await codes.createGroup(opts.db, actorOf(req), req.body));
    },
  );
  app.post(
    '/api/admin/chat-codes/:groupId/update',
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'edit', object: 'chatCodeGroup' } },
      schema: { params, body: ZChatCodeGroupUpdate, response: one },
    },
    async (req) => {
      return ok(await codes.updateGroup(opts.db, actorOf(req), req.params.groupId, req.body));
    },
  );
  app.delete(
    '/api/admin/chat-codes/:groupId',
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'edit', object: 'chatCodeGroup' } },
      schema: { params, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await codes.deleteGroup(opts.db, actorOf(req), req.params.groupId);
      return ok(null);
    },
  );
  app.get(
    '/api/admin/chat-codes/:groupId/codes',
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'view', object: 'chatCodeGroup' } },
      schema: { params, response: { 200: okEnvelope(z.array(ZChatCodeItem)) } },
    },
    async (req) => {
      return ok(await codes.listCodes(opts.db, actorOf(req), req.params.groupId));
    },
  );
  app.get(
    '/api/admin/chat-codes/:groupId/codes.csv',
    { config: { access: { kind: 'admin', area: 'chatCodes', need: 'view', object: 'chatCodeGroup' } }, schema: { params } },
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
