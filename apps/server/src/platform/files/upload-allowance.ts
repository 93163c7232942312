import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';

/**
 * How many attachments a user, and a conversation (a chat or a message thread), may take in a window: 20 a user and
 * 40 a conversation in 10 minutes, each at most its route's size limit, so at most 200 MB a user in 10 minutes. A
 * person sending files by hand stays far below; a script sending 30 in 3 seconds does not. Counted per attachment
 * with the rate-limit store (with Redis, across instances); an attachment over the allowance is answered 429 and
 * nothing of its send is kept. Refusals show on /metrics as 429 answers of the upload routes.
 */
export const UPLOAD_ALLOWANCE = {
  perUser: { max: 20, timeWindow: '10 minutes' },
  perConversation: { max: 40, timeWindow: '10 minutes' },
} as const;

export type UploadParties = { userId: string; conversationId: string | null };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Counts a request's attachments against UPLOAD_ALLOWANCE; throws 429 past it. */
    takeUploads(req: FastifyRequest, parties: UploadParties, files: number): Promise<void>;
  }
}

/** The allowance's counters, on the app's rate-limit store (register after the security plugin). */
export function uploadAllowance(app: FastifyInstance): FastifyInstance['takeUploads'] {
  // The counters key a request by what the caller names, kept beside the request for their key generators.
  const partiesOf = new WeakMap<FastifyRequest, UploadParties>();
  const perUser = app.createRateLimit({ ...UPLOAD_ALLOWANCE.perUser, keyGenerator: (req) => `upload-user:${partiesOf.get(req)!.userId}` });
  const perConversation = app.createRateLimit({
    ...UPLOAD_ALLOWANCE.perConversation,
    keyGenerator: (req) => `upload-conversation:${partiesOf.get(req)!.conversationId}`,
  });
  return async (req, parties, files) => {
    partiesOf.set(req, parties);
    for (let i = 0; i < files; i++) {
      const user = await perUser(req);
      const conversation = parties.conversationId ? await perConversation(req) : { isAllowed: true, isExceeded: false };
      if ((!user.isAllowed && user.isExceeded) || (!conversation.isAllowed && conversation.isExceeded))
        throw new AppError(429, { detail: 'upload allowance used up' });
    }
  };
}
