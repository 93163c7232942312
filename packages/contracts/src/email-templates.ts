import { z } from 'zod/mini';
import { zMultilineText, zText } from './text';
import { EMAIL_KINDS, type EmailTemplateKind } from './email-kinds';
import { ZLanguage } from './languages';

export { EMAIL_KINDS, type EmailKindDefinition, type EmailKindText, type EmailTemplateKind } from './email-kinds';

/** The kinds an organisation can customise, in the order the admin list shows them. */
export const EMAIL_TEMPLATE_KINDS = Object.keys(EMAIL_KINDS) as [EmailTemplateKind, ...EmailTemplateKind[]];
export const ZEmailTemplateKind = z.enum(EMAIL_TEMPLATE_KINDS);

/** The tags each kind fills in, for the editor's tag list. */
export function emailTemplateTags(kind: EmailTemplateKind): readonly string[] {
  return EMAIL_KINDS[kind].tags;
}

/** A tag as templates write it: `{{name}}`, spaces inside the braces allowed (as the renderer reads it). */
const TAG = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The tag names written in a text, each once, in order of appearance. */
export function tagsIn(text: string): string[] {
  return [...new Set([...text.matchAll(TAG)].map((m) => m[1]!))];
}

/**
 * What is wrong with a template's tags: `missing` are tags its kind requires in the content (a registration
 * without `{{link}}` is refused), `unknown` are tags the kind does not fill in (shown as written: flagged, not refused).
 */
export function emailTemplateTagProblems(
  kind: EmailTemplateKind,
  text: { title: string; content: string },
): { missing: string[]; unknown: string[] } {
  const { tags, requiredTags } = EMAIL_KINDS[kind];
  const inContent = tagsIn(text.content);
  return {
    missing: requiredTags.filter((tag) => !inContent.includes(tag)),
    unknown: tagsIn(`${text.title}\n${text.content}`).filter((tag) => !(tags as readonly string[]).includes(tag)),
  };
}

/** The field message of a missing required tag. */
export function missingTagMessage(tag: string): 'templateLinkMissing' | 'templateTagMissing' {
  return tag === 'link' ? 'templateLinkMissing' : 'templateTagMissing';
}

/** Limits of the editor's fields: a subject line, a sender, and a message body. */
export const EMAIL_TEMPLATE_LIMITS = { senderName: 100, senderAddress: 254, title: 200, content: 10_000, tagValue: 2000 } as const;

const singleLine = (max: number) =>
  zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'), z.regex(/^[^\r\n]*$/, 'invalid'));

/** A template as the admin list and editor show it: the organisation's own (`custom`) or the built-in one. */
export const ZEmailTemplate = z.object({
  /** The custom template's id (for reset); null while the built-in default applies. */
  id: z.nullable(z.uuid()),
  kind: ZEmailTemplateKind,
  language: ZLanguage,
  source: z.enum(['default', 'custom']),
  /** The template's own sender; '' where it inherits the organisation's (one setting for all its templates). */
  senderName: z.string(),
  senderAddress: z.string(),
  /** What an empty sender part is: the organisation's sender, else the service's own. */
  inheritedSender: z.object({ name: z.string(), address: z.string() }),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  updatedAt: z.nullable(z.iso.datetime()),
});
export type EmailTemplate = z.infer<typeof ZEmailTemplate>;

/** `GET /api/admin/organisation/email-templates`: every kind in every language. */
export const ZEmailTemplateList = z.object({ templates: z.array(ZEmailTemplate) });
export type EmailTemplateList = z.infer<typeof ZEmailTemplateList>;

/** What the editor saves. Content is plain text with tags; HTML is made from it, never taken from it. */
export const ZEmailTemplateInput = z
  .object({
    kind: ZEmailTemplateKind,
    language: ZLanguage,
    /** Empty: the organisation's sender applies (the template inherits it). */
    senderName: zText().check(z.trim(), z.maxLength(EMAIL_TEMPLATE_LIMITS.senderName, 'tooLong'), z.regex(/^[^\r\n]*$/, 'invalid')),
    senderAddress: zText().check(
      z.trim(),
      z.maxLength(EMAIL_TEMPLATE_LIMITS.senderAddress, 'tooLong'),
      z.refine((v) => v === '' || z.email().safeParse(v).success, 'email'),
    ),
    title: singleLine(EMAIL_TEMPLATE_LIMITS.title),
    content: zMultilineText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(EMAIL_TEMPLATE_LIMITS.content, 'tooLong')),
  })
  .check(
    // Runs even when other fields fail, so the editor shows every problem at once.
    z.superRefine(
      (v, ctx) => {
        const missing = emailTemplateTagProblems(v.kind, v).missing[0];
        if (missing) ctx.addIssue({ code: 'custom', message: missingTagMessage(missing), path: ['content'], input: v.content });
      },
      {
        // Only when the kind is known and the content has no problem of its own (empty, too long): one message per field.
        when: (payload) => {
          const v = payload.value as { kind?: unknown; content?: unknown } | null;
          if (typeof v !== 'object' || v === null || typeof v.content !== 'string') return false;
          if (!(EMAIL_TEMPLATE_KINDS as readonly unknown[]).includes(v.kind)) return false;
          return !payload.issues.some((issue) => issue.path?.[0] === 'content');
        },
      },
    ),
  );
export type EmailTemplateInput = z.infer<typeof ZEmailTemplateInput>;

/** `POST /api/admin/organisation/email-templates {template}` (spec §7): saves the organisation's own version. */
export const ZSaveEmailTemplateRequest = z.object({ template: ZEmailTemplateInput });
export type SaveEmailTemplateRequest = z.infer<typeof ZSaveEmailTemplateRequest>;

/** `DELETE /api/admin/organisation/email-templates/{id} {language}`: back to the default; cannot be undone. */
export const ZResetEmailTemplateParams = z.object({ id: z.uuid() });
export const ZResetEmailTemplateRequest = z.object({ language: ZLanguage });
export type ResetEmailTemplateRequest = z.infer<typeof ZResetEmailTemplateRequest>;

/** `POST /api/admin/organisation/email-templates/preview`: the editor's live preview, so fields may still be empty. */
export const ZEmailTemplatePreviewRequest = z.object({
  template: z.object({
    kind: ZEmailTemplateKind,
    language: ZLanguage,
    title: zText().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.title, 'tooLong')),
    content: zMultilineText().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.content, 'tooLong')),
    senderName: z.optional(zText().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.senderName, 'tooLong'))),
    senderAddress: z.optional(zText().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.senderAddress, 'tooLong'))),
  }),
  /** Values to show instead of the samples, tag by tag. */
  tags: z.optional(
    z.record(zText().check(z.maxLength(64, 'tooLong')), zMultilineText().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.tagValue, 'tooLong'))),
  ),
});
export type EmailTemplatePreviewRequest = z.infer<typeof ZEmailTemplatePreviewRequest>;

export const ZEmailPreview = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Required tags the content lacks: saving it would be refused. */
  missingTags: z.array(z.string()),
  /** Tags this kind does not fill in: they would reach the recipient as written. */
  unknownTags: z.array(z.string()),
});
export type EmailPreview = z.infer<typeof ZEmailPreview>;
