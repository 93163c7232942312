import { z } from 'zod/mini';
import { zText } from './text';
import { ZLocalized } from './organisation-content';
import { CHAT_CODE_EXPIRY_PRESETS, expiryDateForPreset, type ChatCodeExpiryPreset } from './chat-code-expiry';
import { localDateAt } from './local-date';

export const MAX_CODES_PER_GROUP = 10_000;
/** Codes are read aloud and typed: no 0/O or 1/I. 32 symbols, so a random byte maps without bias. */
export const CHAT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CHAT_CODE_LENGTH = 10;

const name = zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong'));
const usesPerCode = z
  .number()
  .check(z.refine(Number.isInteger, 'usesPerCode'), z.minimum(1, 'usesPerCode'), z.maximum(100_000, 'usesPerCode'));
const localDate = z.iso.date('date');

/** Exactly one of preset and date; checked even when other fields fail. */
const oneExpiry = <T extends { expiryPreset?: unknown; expiryDate?: unknown }>() =>
  z.refine<T>((v) => (v.expiryPreset === undefined) !== (v.expiryDate === undefined), {
    message: 'required',
    path: ['expiryDate'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

const isDate = (v: unknown): v is string => typeof v === 'string' && z.iso.date().safeParse(v).success;

export type CodeGroupDateIssue = { field: 'startDate' | 'expiryPreset' | 'expiryDate'; key: 'pastDate' | 'expiryBeforeStart' };

/**
 * Spec §5 'Chat code group' dates of a new group, against today in the service's time zone: the start (today when
 * left out) may not be past; the expiry, from its preset or its date, may not be past nor before the start. A date
 * that is no date is the schema's own issue and is skipped here. One rule for the schema, the server and the form.
 */
export function newGroupDateIssues(
  input: { startDate?: unknown; expiryPreset?: unknown; expiryDate?: unknown },
  today: string,
): CodeGroupDateIssue[] {
  const issues: CodeGroupDateIssue[] = [];
  const startDate = input.startDate === undefined ? today : isDate(input.startDate) ? input.startDate : null;
  if (startDate !== null && startDate < today) issues.push({ field: 'startDate', key: 'pastDate' });
  const preset = (CHAT_CODE_EXPIRY_PRESETS as readonly unknown[]).includes(input.expiryPreset)
    ? (input.expiryPreset as ChatCodeExpiryPreset)
    : undefined;
  const field = preset ? 'expiryPreset' : 'expiryDate';
  const expiryDate = preset ? expiryDateForPreset(preset, today) : isDate(input.expiryDate) ? input.expiryDate : null;
  if (expiryDate !== null && expiryDate < today) issues.push({ field, key: 'pastDate' });
  else if (expiryDate !== null && startDate !== null && expiryDate < startDate) issues.push({ field, key: 'expiryBeforeStart' });
  return issues;
}

/**
 * The date rules in the schema, run even when other fields fail, so that every problem shows at once; a field that
 * has an issue of its own (not a date) gets no second one. Today is the service's date when the request is read.
 */
const newGroupDates = <T extends { startDate?: string; expiryPreset?: ChatCodeExpiryPreset; expiryDate?: string }>() =>
  z.superRefine<T>(
    (v, ctx) => {
      for (const issue of newGroupDateIssues(v, localDateAt(new Date())))
        ctx.addIssue({ code: 'custom', message: issue.key, path: [issue.field], input: v[issue.field] });
    },
    {
      when: (payload) => {
        const v = payload.value;
        if (typeof v !== 'object' || v === null) return false;
        return !payload.issues.some((i) => ['startDate', 'expiryPreset', 'expiryDate'].includes(String(i.path?.[0])));
      },
    },
  );

/**
 * What every new code group states (spec §5 'Chat code group'): name not empty, more than 0 codes, a correct start
 * date (default today), and an expiry either from a preset or as a date; past dates refused.
 */
const groupFields = {
  name,
  totalCodes: z
    .number()
    .check(z.refine(Number.isInteger, 'codeCount'), z.minimum(1, 'codeCount'), z.maximum(MAX_CODES_PER_GROUP, 'codeCount')),
  usesPerCode,
  /** Local date (Europe/Helsinki); today when left out. */
  startDate: z.optional(localDate),
  expiryPreset: z.optional(z.enum(CHAT_CODE_EXPIRY_PRESETS)),
  /** Last valid local date, instead of a preset. */
  expiryDate: z.optional(localDate),
};

/**
 * One concept, code groups (spec §3 'Chat code group'), with a target: the codes open a service (chat codes,
 * `/admin/chatCodes`) or a subcategory of async messaging (message codes, `/admin/messages/messageCodes`). Both are
 * made, listed, changed and downloaded alike; only the target differs.
 */
export const CODE_GROUP_TARGET_KINDS = ['service', 'subcategory'] as const;
export type CodeGroupTargetKind = (typeof CODE_GROUP_TARGET_KINDS)[number];

/** A new group of chat codes: for a service of the organisation. */
export const ZChatCodeGroupCreate = z.object({ ...groupFields, serviceId: z.uuid('required') }).check(oneExpiry(), newGroupDates());
export type ChatCodeGroupCreate = z.infer<typeof ZChatCodeGroupCreate>;

/** A new group of message codes: for a subcategory of the organisation (spec §5 'subcategory for message codes'). */
export const ZMessageCodeGroupCreate = z
  .object({ ...groupFields, subcategoryId: z.uuid('subcategoryRequired') })
  .check(oneExpiry(), newGroupDates());
export type MessageCodeGroupCreate = z.infer<typeof ZMessageCodeGroupCreate>;

/** A new group's terms, whatever its target. */
export type CodeGroupTerms = Omit<ChatCodeGroupCreate, 'serviceId'>;

/**
 * What can change once the codes exist: the name, how often each code may be used, and, to correct a mistake, what
 * the codes open (the route's kind: `serviceId` for chat codes, `subcategoryId` for message codes), their first day
 * and their expiry (a preset or a date). A field left out stays as it is.
 */
export const ZCodeGroupUpdate = z
  .object({
    name,
    usesPerCode,
    serviceId: z.optional(z.uuid('required')),
    subcategoryId: z.optional(z.uuid('subcategoryRequired')),
    startDate: z.optional(localDate),
    expiryPreset: z.optional(z.enum(CHAT_CODE_EXPIRY_PRESETS)),
    expiryDate: z.optional(localDate),
  })
  .check(
    z.refine((v) => v.expiryPreset === undefined || v.expiryDate === undefined, {
      message: 'invalid',
      path: ['expiryDate'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type CodeGroupUpdate = z.infer<typeof ZCodeGroupUpdate>;

/** What a group's codes open, with its names for the list: a service, or a subcategory under its category. */
export const ZCodeGroupTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('service'), serviceId: z.uuid(), serviceName: ZLocalized }),
  z.object({ kind: z.literal('subcategory'), subcategoryId: z.uuid(), categoryName: ZLocalized, subcategoryName: ZLocalized }),
]);
export type CodeGroupTarget = z.infer<typeof ZCodeGroupTarget>;

export const ZCodeGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  target: ZCodeGroupTarget,
  totalCodes: z.number(),
  usesPerCode: z.number(),
  /** First valid local date. */
  startDate: z.string(),
  /** Last valid local date; null: no expiry. */
  expiryDate: z.nullable(z.string()),
  /** Codes used at least once. */
  usedCodes: z.number(),
  createdAt: z.string(),
});
export type CodeGroup = z.infer<typeof ZCodeGroup>;

export const ZCodeItem = z.object({ code: z.string(), useCount: z.number(), usesPerCode: z.number() });
export type CodeItem = z.infer<typeof ZCodeItem>;

export const ZCodeGroupParams = z.object({ groupId: z.uuid('invalid') });

/** A service a chat code group can be for (the chat code modal's choice). */
export const ZChatCodeService = z.object({ id: z.uuid(), name: ZLocalized, requiresCode: z.boolean() });
export type ChatCodeService = z.infer<typeof ZChatCodeService>;
