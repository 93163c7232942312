import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZChatChannel, ZInviteRequest, zUuid } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { patientReadsOf } from '../../plugins/access';
import type { Sender } from '../../platform/mail/sender';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { ok } from '../../platform/ok';
import { chatEvents } from './chat-events';
import { invite } from './chat-invite.service';
import type { Emit } from '../../platform/events/event-hub';

const ZIdParams = z.object({ id: zUuid() });

/** Inviting during a live group appointment (issue 10): one more guest or expert, by the expert in the chat. */
export async function chatInviteRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; cipher: FieldCipher; emit: Emit; publicUrl: string; sender: Sender },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: opts.db,
    cipher: opts.cipher,
    events: chatEvents(fastify.realtime),
    emit: opts.emit,
    publicUrl: opts.publicUrl,
    sender: opts.sender,
  };

  app.post(
    '/api/expert/chat/channels/:id/invite',
    {
      // Answers the channel with its members: a read of the chat.
      config: { access: { kind: 'expert', patientData: { audit: 'chat.read' } } },
      schema: {
        summary: 'Invite a guest into a chat, as its expert',
        params: ZIdParams,
        body: ZInviteRequest,
        response: { 200: okEnvelope(ZChatChannel) },
      },
    },
    async (req) =>
      ok(
        await invite(
          deps,
          { kind: 'expert', userId: req.expert!.userId, organisationId: req.expert!.organisationId },
          req.params.id,
          req.body,
          patientReadsOf(req),
        ),
      ),
  );
}
