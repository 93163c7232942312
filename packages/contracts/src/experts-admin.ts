import { z } from 'zod/mini';
import { zText } from './text';
import { MAX_CONCURRENT_CHATS_LIMIT } from './presence';
import { ZStaffEmail } from './staff';
import { pageOf, ZStaffUserStatus, ZUserListQuery } from './staff-users';

const requiredText = (max: number) => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));

/** Spec §3 'Expert': communication language fi, en or sv. */
export const EXPERT_LANGUAGES = ['fi', 'sv', 'en'] as const;
/**
 * Create or update an expert (spec §5 'Expert'): names not empty, at least one specialization, a correct
 * e-mail, a chat queue id — unless `autoCreateChat` makes a personal queue. The two are independent: the personal
 * queue is added beside the service queue; an update without a queue id keeps the expert's service queue.
 */
export const ZExpertInput = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: ZStaffEmail,
    specializations: z
      .array(zText().check(z.maxLength(100, 'tooLong')))
      .check(z.minLength(1, 'specializations'), z.maxLength(20, 'tooLong')),
    communicationLanguage: z.enum(EXPERT_LANGUAGES),
    chatQueueId: z.optional(zText().check(z.maxLength(100, 'tooLong'))),
    autoCreateChat: z.optional(z.boolean()),
    /** Chats the expert may have open at once (issue 32); null: no limit. Left out of an update: unchanged. */
    maxConcurrentChats: z.optional(
      z.nullable(z.number().check(z.int('invalid'), z.gte(1, 'invalid'), z.lte(MAX_CONCURRENT_CHATS_LIMIT, 'invalid'))),
    ),
    /** Leads a shift: sees the organisation's live queue board, read-only (issue 32). Left out of an update: unchanged. */
    shiftLead: z.optional(z.boolean()),
  })
  .check(
    // Runs even when other fields fail, so the form shows every problem at once.
    z.refine((v) => v.autoCreateChat === true || (typeof v.chatQueueId === 'string' && v.chatQueueId.trim() !== ''), {
      message: 'chatQueue',
      path: ['chatQueueId'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type ExpertInput = z.infer<typeof ZExpertInput>;

export const ZAdminExpert = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  specializations: z.array(z.string()),
  communicationLanguage: z.enum(EXPERT_LANGUAGES),
  chatQueueId: z.string(),
  /** The id in the product's own chat; every expert has one (a group appointment needs it). */
  chatUserId: z.string(),
  /** The expert's personal queue, once `autoCreateChat` made it; their service queue is `chatQueueId`. */
  personalQueueId: z.nullable(z.string()),
  maxConcurrentChats: z.nullable(z.number()),
  shiftLead: z.boolean(),
  status: ZStaffUserStatus,
  locked: z.boolean(),
  lastLogin: z.nullable(z.iso.datetime()),
});
export type AdminExpert = z.infer<typeof ZAdminExpert>;

/** Search by name or e-mail, paged: the same query as the user lists. */
export const ZExpertListQuery = ZUserListQuery;
export type ExpertListQuery = z.infer<typeof ZExpertListQuery>;

export const ZExpertList = pageOf(ZAdminExpert);
export type ExpertList = z.infer<typeof ZExpertList>;

export const ZExpertIdParams = z.object({ id: z.uuid('invalid') });
