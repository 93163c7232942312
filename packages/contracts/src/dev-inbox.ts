import { z } from 'zod/mini';
import { zText } from './text';

/**
 * The built-in mail catcher's inbox (demo and tests only; never mounted in production).
 * Browser tests read registration and reset links from here.
 */
export const ZCaughtEmailSummary = z.object({
  id: z.uuid(),
  /** The envelope recipients, joined with ', '. */
  to: z.string(),
  subject: z.string(),
  receivedAt: z.iso.datetime(),
});
export type CaughtEmailSummary = z.infer<typeof ZCaughtEmailSummary>;

/** `GET /api/dev/inbox?to=`: newest first. */
export const ZDevInboxQuery = z.object({ to: z.optional(zText().check(z.maxLength(254, 'tooLong'))) });
export const ZDevInbox = z.object({ messages: z.array(ZCaughtEmailSummary) });
export type DevInbox = z.infer<typeof ZDevInbox>;

/** `GET /api/dev/inbox/{id}`: the parts of one message and the http(s) links found in it. */
export const ZDevInboxParams = z.object({ id: z.uuid() });
export const ZCaughtEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  receivedAt: z.iso.datetime(),
  text: z.string(),
  html: z.nullable(z.string()),
  links: z.array(z.string()),
});
export type CaughtEmail = z.infer<typeof ZCaughtEmail>;
