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

/** A file that came with a caught message; `GET /dev/inbox/{id}/attachments/{index}` downloads it. */
export const ZCaughtAttachment = z.object({
  index: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type CaughtAttachment = z.infer<typeof ZCaughtAttachment>;

/** `GET /api/dev/inbox/{id}`: the parts of one message, the http(s) links found in it and its attachments. */
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
  attachments: z.array(ZCaughtAttachment),
});
export type CaughtEmail = z.infer<typeof ZCaughtEmail>;

/** A text message the built-in SMS sink received (demo and tests only). */
export const ZCaughtSms = z.object({
  id: z.uuid(),
  to: z.string(),
  from: z.string(),
  text: z.string(),
  receivedAt: z.iso.datetime(),
});
export type CaughtSms = z.infer<typeof ZCaughtSms>;

/** `GET /api/dev/sms?to=`: newest first; `to` narrows to one number. */
export const ZDevSmsQuery = z.object({ to: z.optional(zText().check(z.maxLength(32, 'tooLong'))) });
export const ZDevSmsList = z.object({ messages: z.array(ZCaughtSms) });
export type DevSmsList = z.infer<typeof ZDevSmsList>;
