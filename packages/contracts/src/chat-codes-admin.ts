import { z } from 'zod/mini';
import { zText } from './text';
import { ZLocalized } from './organisation-content';

/** Spec §4 'Chat-code expiry presets'. */
export const CHAT_CODE_EXPIRY_PRESETS = ['today', 'endOfYear', 'sixMonthsFromNow', 'oneYearFromNow', 'noExpirationDate'] as const;
export type ChatCodeExpiryPreset = (typeof CHAT_CODE_EXPIRY_PRESETS)[number];

export const MAX_CODES_PER_GROUP = 10_000;
/** Codes are read aloud and typed: no 0/O or 1/I. 32 symbols, so a random byte maps without bias. */
export const CHAT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CHAT_CODE_LENGTH = 10;

const name = zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong'));
const usesPerCode = z
  .number()
  .check(z.refine(Number.isInteger, 'usesPerCode'), z.minimum(1, 'usesPerCode'), z.maximum(100_000, 'usesPerCode'));
const localDate = z.iso.date('date');

/**
 * Create a chat code group (spec §5 'Chat code group'): name not empty, a service, more than 0 codes,
 * a correct start date (default today), and an expiry either from a preset or as a date; past dates refused.
 */
export const ZChatCodeGroupCreate = z
  .object({
    name,
    serviceId: z.uuid('required'),
    totalCodes: z
      .number()
      .check(z.refine(Number.isInteger, 'codeCount'), z.minimum(1, 'codeCount'), z.maximum(MAX_CODES_PER_GROUP, 'codeCount')),
    usesPerCode,
    /** Local date (Europe/Helsinki); today when left out. */
    startDate: z.optional(localDate),
    expiryPreset: z.optional(z.enum(CHAT_CODE_EXPIRY_PRESETS)),
    /** Last valid local date, instead of a preset. */
    expiryDate: z.optional(localDate),
  })
  .check(
    // Exactly one of preset and date; checked even when other fields fail.
    z.refine((v) => (v.expiryPreset === undefined) !== (v.expiryDate === undefined), {
      message: 'required',
      path: ['expiryDate'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type ChatCodeGroupCreate = z.infer<typeof ZChatCodeGroupCreate>;

/** What can change once the codes exist: the name and how often each code may be used. */
export const ZChatCodeGroupUpdate = z.object({ name, usesPerCode });
export type ChatCodeGroupUpdate = z.infer<typeof ZChatCodeGroupUpdate>;

export const ZChatCodeGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  serviceId: z.uuid(),
  serviceName: ZLocalized,
  totalCodes: z.number(),
  usesPerCode: z.number(),
  startDate: z.string(),
  /** Last valid local date; null: no expiry. */
  expiryDate: z.nullable(z.string()),
  startsAt: z.string(),
  expiresAt: z.nullable(z.string()),
  /** Codes used at least once. */
  usedCodes: z.number(),
  createdAt: z.string(),
});
export type ChatCodeGroup = z.infer<typeof ZChatCodeGroup>;

export const ZChatCodeItem = z.object({ code: z.string(), useCount: z.number(), usesPerCode: z.number() });
export type ChatCodeItem = z.infer<typeof ZChatCodeItem>;

export const ZChatCodeGroupParams = z.object({ groupId: z.uuid('invalid') });

/** A service a chat code group can be for (the chat code modal's choice). */
export const ZChatCodeService = z.object({ id: z.uuid(), name: ZLocalized, requiresCode: z.boolean() });
export type ChatCodeService = z.infer<typeof ZChatCodeService>;
