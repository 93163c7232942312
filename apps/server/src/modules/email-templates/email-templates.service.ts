import {
  EMAIL_TEMPLATE_KINDS,
  LANGUAGES,
  emailTemplateTagProblems,
  emailTemplateTags,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKind,
  type EmailTemplatePreviewRequest,
  type Language,
} from '@prsp/contracts';
import type { Sender } from '../../platform/mail/sender';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import * as repo from '../../platform/mail/templates/email-templates.repo';
import { renderEmail } from '../../platform/mail/templates/render';
import {
  builtInValues,
  defaultTemplate,
  definedValues,
  fromCustomRow,
  organisationSender,
  sampleValues,
  type ResolvedTemplate,
} from '../../platform/mail/templates/template-source';

/** Who acts: the admin, in the organisation chosen in their session, from which address. */
export type TemplateActor = { userId: string; organisationId: string; ip: string };

function isKind(kind: string): kind is EmailTemplateKind {
  return (EMAIL_TEMPLATE_KINDS as readonly string[]).includes(kind);
}

function toDto(t: ResolvedTemplate, inherited: Sender): EmailTemplate {
  return {
    id: t.id,
    kind: t.kind,
    language: t.language,
    source: t.source,
    senderName: t.ownSender.name ?? '',
    senderAddress: t.ownSender.address ?? '',
    inheritedSender: inherited,
    title: t.title,
    content: t.content,
    tags: [...t.tags],
    updatedAt: t.updatedAt?.toISOString() ?? null,
  };
}

/** Every kind in every language, each the organisation's own version or the default (spec §4 'E-mail templates'). */
export async function listTemplates(db: Db, sender: Sender, organisationId: string): Promise<EmailTemplate[]> {
  const custom = await repo.listCustomTemplates(db, organisationId);
  const inherited = await organisationSender(db, organisationId, sender);
  return EMAIL_TEMPLATE_KINDS.flatMap((kind) =>
    LANGUAGES.map((language) => {
      const row = custom.find((r) => r.kind === kind && r.language === language);
      return toDto(row ? fromCustomRow(row, kind, language, inherited) : defaultTemplate(kind, language, inherited), inherited);
    }),
  );
}

/** Saves the organisation's own version of a kind in a language, replacing an earlier one; an empty sender part inherits. */
export async function saveTemplate(db: Db, sender: Sender, actor: TemplateActor, input: EmailTemplateInput): Promise<EmailTemplate> {
  return db.transaction(async (tx) => {
    const row = await repo.upsertCustomTemplate(tx, {
      organisationId: actor.organisationId,
      ...input,
      senderName: input.senderName || null,
      senderAddress: input.senderAddress || null,
    });
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.userId,
      action: 'emailTemplate.save',
      objectType: 'emailTemplate',
      objectId: row.id,
      ip: actor.ip,
      details: { organisationId: actor.organisationId, kind: input.kind, language: input.language },
    });
    const inherited = await organisationSender(tx, actor.organisationId, sender);
    return toDto(fromCustomRow(row, input.kind, input.language, inherited), inherited);
  });
}

/**
 * Reset to default: deletes the organisation's own version. Only its own template in that language
 * can be reset; anything else is 404, so ids of other organisations reveal nothing. Cannot be undone.
 */
export async function resetTemplate(db: Db, sender: Sender, actor: TemplateActor, id: string, language: Language): Promise<EmailTemplate> {
  return db.transaction(async (tx) => {
    const row = await repo.deleteCustomTemplate(tx, { id, organisationId: actor.organisationId, language });
    if (!row || !isKind(row.kind)) throw new AppError(404);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.userId,
      action: 'emailTemplate.reset',
      objectType: 'emailTemplate',
      objectId: row.id,
      ip: actor.ip,
      details: { organisationId: actor.organisationId, kind: row.kind, language },
    });
    const inherited = await organisationSender(tx, actor.organisationId, sender);
    return toDto(defaultTemplate(row.kind, language, inherited), inherited);
  });
}

/**
 * Renders what the editor holds with sample values (and the organisation's real name), as the e-mail would look,
 * and names the tags a save would be refused for (`missingTags`) and those no value fills in (`unknownTags`).
 */
export async function previewTemplate(
  db: Db,
  sender: Sender,
  organisationId: string,
  request: EmailTemplatePreviewRequest,
): Promise<EmailPreview> {
  const { kind, language, title, content } = request.template;
  const values = {
    ...sampleValues(language),
    ...(await builtInValues(db, organisationId, kind, language, sender)),
    ...definedValues(request.tags ?? {}),
  };
  const rendered = renderEmail({ title, content, language, tags: emailTemplateTags(kind), values });
  const { missing, unknown } = emailTemplateTagProblems(kind, { title, content });
  return { ...rendered, missingTags: missing, unknownTags: unknown };
}
