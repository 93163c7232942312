import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZChatHistoryPage,
  ZHistorySearchQuery,
  ZContactHistoryItem,
  ZExpertChat,
  ZExpertFeedbackRequest,
  ZExpertQueue,
  ZIdentityCodeAnswer,
  ZTransferRequest,
  ZTransferTargets,
  ZTranscript,
  zText,
  zUuid,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { ok } from '../../platform/ok';
import type { ChatDeps } from './chat-channels.service';
import { chatEvents, type ChannelHooks } from './chat-events';
import { giveExpertFeedback } from './chat-feedback.service';
import { contactHistory, expertChatHistory, transcript } from './chat-history.service';
import * as chat from './expert-chat.service';
import type { Emit } from '../../platform/events/event-hub';

const access: RouteAccess = { kind: 'expert', patientData: 'none' };
/** Answers that show patients: who waits, a chat, a transcript, the contact history (docs/security.md). */
const reading = (audit: string): RouteAccess => ({ kind: 'expert', patientData: { audit } });
const ZIdParams = z.object({ id: zUuid() });

function callerOf(req: FastifyRequest): chat.ExpertCaller {
  // The `expert` declaration has loaded who calls.
  return { kind: 'expert', userId: req.expert!.userId, organisationId: req.expert!.organisationId };
}

/** The expert's desk (spec §2 the expert desktop and queue views): queues, taking patients, chats, handing over, contact history. */
export async function expertChatRoutes(fastify: FastifyInstance, opts: { db: Db; cipher: FieldCipher; emit: Emit; hooks?: ChannelHooks }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ChatDeps = { db: opts.db, cipher: opts.cipher, events: chatEvents(fastify.realtime, opts.hooks), emit: opts.emit };

  app.get(
    '/api/expert/chat/queues',
    {
      config: { access: reading('chat.queues') },
      schema: { summary: 'List the expert’s chat queues', response: { 200: okEnvelope(z.array(ZExpertQueue)) } },
    },
    async (req) => ok(await chat.expertQueues(opts.db, opts.cipher, callerOf(req), patientReadsOf(req))),
  );

  app.post(
    '/api/expert/chat/queues/:queueId/accept',
    {
      config: { access: reading('chat.read') },
      schema: {
        summary: 'Accept the next patient from a chat queue',
        params: z.object({ queueId: zText().check(z.maxLength(100, 'tooLong')) }),
        response: { 200: okEnvelope(ZExpertChat) },
      },
    },
    async (req) => ok(await chat.acceptNext(deps, callerOf(req), req.params.queueId, patientReadsOf(req))),
  );

  app.post(
    '/api/expert/chat/channels/:id/accept',
    {
      config: { access: reading('chat.read'), keepsCallerCache: true },
      schema: { summary: 'Accept a waiting chat', params: ZIdParams, response: { 200: okEnvelope(ZExpertChat) } },
    },
    async (req) => ok(await chat.acceptChannel(deps, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/channels',
    {
      config: { access: reading('chat.read') },
      schema: { summary: 'List the expert’s chats', response: { 200: okEnvelope(z.array(ZExpertChat)) } },
    },
    async (req) => ok(await chat.myChats(deps, callerOf(req), patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/channels/:id',
    {
      config: { access: reading('chat.read') },
      schema: { summary: 'Get one of the expert’s chats', params: ZIdParams, response: { 200: okEnvelope(ZExpertChat) } },
    },
    async (req) => ok(await chat.expertChat(deps, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/channels/:id/identity-code',
    {
      config: { access: reading('chat.identityCode') },
      schema: {
        summary: 'Show a chat patient’s identity code to the expert',
        params: ZIdParams,
        response: { 200: okEnvelope(ZIdentityCodeAnswer) },
      },
    },
    async (req) => ok(await chat.chatIdentityCode(deps, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.post(
    '/api/expert/chat/appointments/:id/open',
    {
      config: { access: reading('chat.read') },
      schema: { summary: 'Open the chat of an appointment', params: ZIdParams, response: { 200: okEnvelope(ZExpertChat) } },
    },
    async (req) => ok(await chat.openAppointmentChat(deps, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/transfer-targets',
    {
      config: { access },
      schema: { summary: 'List where the expert can transfer a chat', response: { 200: okEnvelope(ZTransferTargets) } },
    },
    async (req) => ok(await chat.transferTargets(opts.db, callerOf(req), deps.events.online)),
  );

  app.post(
    '/api/expert/chat/channels/:id/transfer',
    {
      config: { access },
      schema: {
        summary: 'Transfer a chat to another queue or expert',
        params: ZIdParams,
        body: ZTransferRequest,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (req) => {
      await chat.transfer(deps, callerOf(req), req.params.id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/api/expert/chat/channels/:id/end',
    {
      config: { access, keepsCallerCache: true },
      schema: { summary: 'End a chat', params: ZIdParams, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await chat.endChat(deps, callerOf(req), req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/api/expert/chat/channels/:id/transcript',
    {
      config: { access: reading('chat.transcript') },
      schema: { summary: 'Get a chat’s transcript for the expert', params: ZIdParams, response: { 200: okEnvelope(ZTranscript) } },
    },
    async (req) => ok(await transcript(opts.db, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/history',
    {
      config: { access: reading('chat.history') },
      schema: {
        summary: 'List the expert’s past chats',
        querystring: ZHistorySearchQuery,
        response: { 200: okEnvelope(ZChatHistoryPage) },
      },
    },
    async (req) => ok(await expertChatHistory(deps, callerOf(req), req.query, patientReadsOf(req))),
  );

  app.get(
    '/api/expert/chat/contact-history/:patientId',
    {
      config: { access: reading('chat.contactHistory') },
      schema: {
        summary: 'List a patient’s earlier contacts for the expert',
        params: z.object({ patientId: zUuid() }),
        response: { 200: okEnvelope(z.array(ZContactHistoryItem)) },
      },
    },
    async (req) => ok(await contactHistory(opts.db, callerOf(req), req.params.patientId, patientReadsOf(req))),
  );

  app.post(
    '/api/expert/feedback',
    {
      config: { access },
      schema: { summary: 'Send the expert’s feedback on a chat', body: ZExpertFeedbackRequest, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await giveExpertFeedback(opts.db, callerOf(req), req.body);
      return ok(null);
    },
  );
}
