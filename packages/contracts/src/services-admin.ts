import { z } from 'zod/mini';
import { zMultilineText, zText } from './text';
import { ZLocalized } from './organisation-content';
import { SERVICE_ICONS, ZOpenTimeKind, ZWhenNobodyOnDuty } from './services';
import { ZOpeningHours } from './chat';
import { openingHoursIssues } from './opening-hours-rules';
import { ZSurveyAttachments } from './surveys-admin';

const requiredText = (max: number) => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));
const text = (max: number) => zText().check(z.maxLength(max, 'tooLong'));
const multilineText = (max: number) => zMultilineText().check(z.maxLength(max, 'tooLong'));

export const SELF_ASSESSMENT_MODES = ['none', 'optional', 'mandatory'] as const;

/** A queue of the product's own chat: per service, or an expert's personal one. */
export const ZChatQueue = z.object({ id: z.string(), name: z.string(), expertId: z.nullable(z.string()) });
export type ChatQueue = z.infer<typeof ZChatQueue>;

/**
 * The opening hours of a service's queue as an admin sets them: the shape of `ZOpeningHours` plus the rules of
 * `openingHoursIssues` (each range opens before it closes, no overlaps on one weekday, an open exception has hours).
 */
export const ZOpeningHoursInput = ZOpeningHours.check(
  z.superRefine((hours, ctx) => {
    for (const issue of openingHoursIssues(hours)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: hours });
  }),
);

/**
 * Create or update a service (spec §3 'Service', §5: name in fi, sv, en; icon; valid queue id).
 * `chatQueueId` names one of the organisation's queues; or `createQueue` makes a new queue for the service.
 */
export const ZServiceInput = z
  .object({
    name: z.object({ fi: requiredText(200), se: requiredText(200), en: requiredText(200) }),
    description: z.object({ fi: multilineText(2000), se: multilineText(2000), en: multilineText(2000) }),
    icon: z.enum(SERVICE_ICONS, 'required'),
    chatQueueId: z.optional(text(100)),
    createQueue: z.optional(z.boolean()),
    requiresCode: z.boolean(),
    selfAssessment: z.enum(SELF_ASSESSMENT_MODES),
    /** Municipality or postal codes, a subset of the organisation's service area; empty = all of it. */
    areas: z.array(zText().check(z.regex(/^(\d{3}|\d{5})$/, 'invalid'))).check(z.maxLength(3000, 'tooLong')),
    /** The hours of the service's queue (shared by every service on that queue); left out, they stay as they are. */
    openingHours: z.optional(ZOpeningHoursInput),
    /** What the service's queue does when nobody is on duty (issue 32; shared like the hours); left out: as it is. */
    whenNobodyOnDuty: z.optional(ZWhenNobodyOnDuty),
    /** Surveys every appointment of the service sends (templates in the organisation's list); left out: as they are. */
    surveys: z.optional(ZSurveyAttachments),
    /** The kind of open times generated for the service unless the admin picks another; left out: chat on a new service, as it was on an edit. */
    openTimeKind: z.optional(ZOpenTimeKind),
  })
  .check(
    // Runs even when other fields fail, so the form shows every problem at once.
    z.refine((v) => v.createQueue === true || (typeof v.chatQueueId === 'string' && v.chatQueueId.trim() !== ''), {
      message: 'chatQueue',
      path: ['chatQueueId'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type ServiceInput = z.infer<typeof ZServiceInput>;

export const ZAdminService = z.object({
  id: z.uuid(),
  name: ZLocalized,
  description: ZLocalized,
  icon: z.enum(SERVICE_ICONS),
  chatQueueId: z.string(),
  requiresCode: z.boolean(),
  selfAssessment: z.enum(SELF_ASSESSMENT_MODES),
  areas: z.array(z.string()),
  openTimeKind: ZOpenTimeKind,
  position: z.number(),
});
export type AdminService = z.infer<typeof ZAdminService>;

/** One service as its form opens it: with its queue's opening hours (always open when the queue has none set). */
export const ZAdminServiceDetail = z.extend(ZAdminService, {
  openingHours: ZOpeningHours,
  whenNobodyOnDuty: ZWhenNobodyOnDuty,
  surveys: ZSurveyAttachments,
});
export type AdminServiceDetail = z.infer<typeof ZAdminServiceDetail>;

export const ZServiceIdParams = z.object({ id: z.uuid('invalid') });
