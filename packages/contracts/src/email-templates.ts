import { z } from 'zod/mini';
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

/** Limits of the editor's fields: a subject line, a sender, and a message body. */
export const EMAIL_TEMPLATE_LIMITS = { senderName: 100, senderAddress: 254, title: 200, content: 10_000, tagValue: 2000 } as const;

const singleLine = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'), z.regex(/^[^\r\n]*$/, 'invalid'));

/** A template as the admin list and editor show it: the organisation's own (`custom`) or the built-in one. */
export const ZEmailTemplate = z.object({
  /** The custom template's id (for reset); null while the built-in default applies. */
  id: z.nullable(z.uuid()),
  kind: ZEmailTemplateKind,
  language: ZLanguage,
  source: z.enum(['default', 'custom']),
  senderName: z.string(),
  senderAddress: z.string(),
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
export const ZEmailTemplateInput = z.object({
  kind: ZEmailTemplateKind,
  language: ZLanguage,
  senderName: singleLine(EMAIL_TEMPLATE_LIMITS.senderName),
  senderAddress: z
    .string()
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(EMAIL_TEMPLATE_LIMITS.senderAddress, 'tooLong'), z.email('email')),
  title: singleLine(EMAIL_TEMPLATE_LIMITS.title),
  content: z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(EMAIL_TEMPLATE_LIMITS.content, 'tooLong')),
});
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
    title: z.string().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.title, 'tooLong')),
    content: z.string().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.content, 'tooLong')),
    senderName: z.optional(z.string().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.senderName, 'tooLong'))),
    senderAddress: z.optional(z.string().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.senderAddress, 'tooLong'))),
  }),
  /** Values to show instead of the samples, tag by tag. */
  tags: z.optional(z.record(z.string(), z.string().check(z.maxLength(EMAIL_TEMPLATE_LIMITS.tagValue, 'tooLong')))),
});
export type EmailTemplatePreviewRequest = z.infer<typeof ZEmailTemplatePreviewRequest>;

export const ZEmailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof ZEmailPreview>;
