import { z } from 'zod/mini';
import { CHAT_LIMITS } from './chat';
import { languageTag, type Language } from './languages';
import { zMultilineText, zText } from './text';

/** Issue 32, point 5: an organisation's and an expert's own canned answers for the chat composer. */
export const QUICK_REPLY_LIMITS = { shortcutMax: 30, titleMax: 100, perOwnerMax: 500 } as const;

/** The languages a reply's text is kept in, as stored (`sv` is the product's `se`). */
export const QUICK_REPLY_LANGUAGES = ['fi', 'sv', 'en'] as const;
export type QuickReplyLanguage = (typeof QUICK_REPLY_LANGUAGES)[number];

/** What follows the `/` in the composer: lowercase letters, digits and hyphens. */
export const QUICK_REPLY_SHORTCUT = /^[a-z0-9-]+$/;

const text = () => z.optional(zMultilineText().check(z.trim(), z.maxLength(CHAT_LIMITS.textMax, 'tooLong')));

/** The texts of a reply: fi, sv and en, each up to the chat message limit; at least one not blank (field `texts`). */
export const ZQuickReplyTexts = z
  .object({ fi: text(), sv: text(), en: text() })
  .check(z.refine((t) => QUICK_REPLY_LANGUAGES.some((l) => (t[l] ?? '') !== ''), 'quickReplyText'));
export type QuickReplyTexts = z.infer<typeof ZQuickReplyTexts>;

/** A new reply, or the whole of a changed one. */
export const ZQuickReplyInput = z.object({
  shortcut: zText().check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(QUICK_REPLY_LIMITS.shortcutMax, 'tooLong'),
    z.regex(QUICK_REPLY_SHORTCUT, 'quickReplyShortcut'),
  ),
  title: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(QUICK_REPLY_LIMITS.titleMax, 'tooLong')),
  texts: ZQuickReplyTexts,
});
export type QuickReplyInput = z.infer<typeof ZQuickReplyInput>;

export const ZQuickReplyParams = z.object({ id: z.uuid('invalid') });

/** One reply: `own` is the expert's own (null owner: the organisation's). */
export const ZQuickReply = z.object({
  id: z.string(),
  scope: z.enum(['organisation', 'own']),
  shortcut: z.string(),
  title: z.string(),
  texts: z.object({ fi: z.optional(z.string()), sv: z.optional(z.string()), en: z.optional(z.string()) }),
  updatedAt: z.string(),
});
export type QuickReply = z.infer<typeof ZQuickReply>;

/** The field messages of quick replies (FIELD_MESSAGES holds them with the rest). */
export const QUICK_REPLY_MESSAGES = {
  quickReplyShortcut: {
    fi: 'Käytä vain pieniä kirjaimia a–z, numeroita ja yhdysmerkkiä.',
    se: 'Använd bara små bokstäver a–z, siffror och bindestreck.',
    en: 'Use only lowercase letters a–z, digits and hyphens.',
  },
  quickReplyShortcutTaken: {
    fi: 'Tämä pikakomento on jo käytössä.',
    se: 'Det här kortkommandot används redan.',
    en: 'This shortcut is already in use.',
  },
  quickReplyText: {
    fi: 'Kirjoita vastaus vähintään yhdellä kielellä.',
    se: 'Skriv svaret på minst ett språk.',
    en: 'Write the reply in at least one language.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * The text a reply inserts: in the chat's language when the reply has it, else in the expert's screen language,
 * else the first it has (fi, sv, en). Null only for a reply with no text at all.
 */
export function quickReplyText(
  texts: QuickReply['texts'],
  chatLanguage: Language | null | undefined,
  uiLanguage: Language | null | undefined,
): string | null {
  for (const lang of [chatLanguage, uiLanguage]) {
    const value = lang ? texts[languageTag(lang)] : undefined;
    if (value) return value;
  }
  for (const lang of QUICK_REPLY_LANGUAGES) if (texts[lang]) return texts[lang];
  return null;
}

/**
 * The replies a `/` query offers, best first: shortcuts starting with the query, then those containing it, then
 * titles containing it; the expert's own before the organisation's where both have the same shortcut.
 */
export function matchQuickReplies<R extends Pick<QuickReply, 'shortcut' | 'title' | 'scope'>>(replies: readonly R[], query: string): R[] {
  const q = query.toLowerCase();
  const rank = (r: R) => (r.shortcut.startsWith(q) ? 0 : r.shortcut.includes(q) ? 1 : r.title.toLowerCase().includes(q) ? 2 : 3);
  return replies
    .map((r) => ({ r, rank: rank(r) }))
    .filter((x) => x.rank < 3)
    .sort(
      (a, b) =>
        a.rank - b.rank || a.r.shortcut.localeCompare(b.r.shortcut) || (a.r.scope === 'own' ? -1 : 1) - (b.r.scope === 'own' ? -1 : 1),
    )
    .map((x) => x.r);
}
