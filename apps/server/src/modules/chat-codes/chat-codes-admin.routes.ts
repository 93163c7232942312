import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZChatCodeGroupCreate,
  ZChatCodeService,
  ZCodeGroup,
  ZCodeGroupParams,
  ZCodeGroupUpdate,
  ZCodeItem,
  ZMessageCodeGroupCreate,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { actorOf } from '../../platform/access/admin-actor';
import { contentDisposition } from '../../platform/files/serve-file';
import type { CodeTargetKind } from './chat-code-state';
import * as codes from './chat-codes-admin.service';
import { chatCodesCsv } from './chat-codes-csv';

/** Where each target kind's groups are administered, and the object kind their `:groupId` names for the access checks. */
const KINDS = {
  service: { base: '/api/admin/chat-codes', object: 'chatCodeGroup', noun: 'chat code' },
  subcategory: { base: '/api/admin/message-codes', object: 'messageCodeGroup', noun: 'message code' },
} as const satisfies Record<CodeTargetKind, { base: string; object: string; noun: string }>;

/**
 * Code groups and their codes (spec §3 'Chat code group', §4 presets, §5), one route set per target: chat codes
 * under `/api/admin/chat-codes` (pages `/admin/chatCodes`), message codes under `/api/admin/message-codes` (page
 * `/admin/messages/messageCodes`). The same answers on both; only a new group's target field differs (`serviceId`,
 * `subcategoryId`). Both need the chat codes right; the service scopes every query by the organisation and the kind.
 */
export async function codeGroupsAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = { 200: okEnvelope(ZCodeGroup) };
  const params = ZCodeGroupParams;

  app.post(
    `${KINDS.service.base}/create`,
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'edit', patientData: 'none' } },
      schema: { summary: 'Create a group of chat codes', body: ZChatCodeGroupCreate, response: one },
    },
    async (req) => {
      const { serviceId, ...terms } = req.body;
      return ok(await codes.createGroup(opts.db, actorOf(req), { kind: 'service', serviceId }, terms));
    },
  );
  app.post(
    `${KINDS.subcategory.base}/create`,
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'edit', patientData: 'none' } },
      schema: { summary: 'Create a group of message codes', body: ZMessageCodeGroupCreate, response: one },
    },
    async (req) => {
      const { subcategoryId, ...terms } = req.body;
      return ok(await codes.createGroup(opts.db, actorOf(req), { kind: 'subcategory', subcategoryId }, terms));
    },
  );
  app.get(
    `${KINDS.service.base}/services`,
    {
      config: { access: { kind: 'admin', area: 'chatCodes', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the services chat codes can open', response: { 200: okEnvelope(z.array(ZChatCodeService)) } },
    },
    async (req) => ok(await codes.listServices(opts.db, actorOf(req))),
  );

  for (const [kind, { base, object, noun }] of Object.entries(KINDS) as [CodeTargetKind, (typeof KINDS)[CodeTargetKind]][]) {
    const view = { kind: 'admin', area: 'chatCodes', need: 'view', patientData: 'none' } as const;
    const edit = { kind: 'admin', area: 'chatCodes', need: 'edit', patientData: 'none' } as const;
    const list = { summary: `List the organisation’s ${noun} groups`, response: { 200: okEnvelope(z.array(ZCodeGroup)) } };
    app.get(`${base}/list`, { config: { access: view }, schema: list }, async (req) =>
      ok(await codes.listGroups(opts.db, actorOf(req), kind)),
    );
    app.post(
      `${base}/:groupId/update`,
      {
        config: { access: { ...edit, object } },
        schema: { summary: `Change a ${noun} group`, params, body: ZCodeGroupUpdate, response: one },
      },
      async (req) => ok(await codes.updateGroup(opts.db, actorOf(req), kind, req.params.groupId, req.body)),
    );
    app.delete(
      `${base}/:groupId`,
      {
        config: { access: { ...edit, object } },
        schema: { summary: `Delete a ${noun} group`, params, response: { 200: okEnvelope(z.null()) } },
      },
      async (req) => {
        await codes.deleteGroup(opts.db, actorOf(req), kind, req.params.groupId);
        return ok(null);
      },
    );
    app.get(
      `${base}/:groupId/codes`,
      {
        config: { access: { ...view, object } },
        schema: { summary: `List a ${noun} group’s codes`, params, response: { 200: okEnvelope(z.array(ZCodeItem)) } },
      },
      async (req) => ok(await codes.listCodes(opts.db, actorOf(req), kind, req.params.groupId)),
    );
    const csv = { summary: `Download a ${noun} group’s codes as CSV`, params };
    app.get(`${base}/:groupId/codes.csv`, { config: { access: { ...view, object } }, schema: csv }, async (req, reply) => {
      const file = await codes.codesForDownload(opts.db, actorOf(req), kind, req.params.groupId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .send(chatCodesCsv(file.group, file.codes, requestLanguage(req)));
    });
  }
}
