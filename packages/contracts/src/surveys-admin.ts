import { z } from 'zod/mini';
import { ZLocalized } from './organisation-content';
import { ZSurveyQuestion, ZSurveyQuestions } from './survey-model';
import { zMultilineText, zText } from './text';

/**
 * Survey templates as admins build them (issue 12; spec §2 admin survey list, §3 organisation `surveys`, §7
 * 'Surveys' `survey-admin/templates`, `templates-all`, `survey-expert/templates`). A template belongs to an
 * organisation, or is a global admin's global template, offered to every organisation when `shared`. Every save is
 * a new version; the questions follow the survey model (`ZSurveyQuestions`).
 */

export const SURVEY_KINDS = ['survey', 'questionnaire'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];
export const SURVEY_TIMING_VALUES = ['before', 'after'] as const;
export type SurveyTiming = (typeof SURVEY_TIMING_VALUES)[number];

const requiredName = zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong'));
const intro = zMultilineText().check(z.trim(), z.maxLength(5000, 'tooLong'));

/** `POST survey-admin/templates/create`, `templates/{id}/update`: every update saves a new version. */
export const ZSurveyTemplateInput = z.object({
  name: z.object({ fi: requiredName, se: requiredName, en: requiredName }),
  intro: z.object({ fi: intro, se: intro, en: intro }),
  kind: z.enum(SURVEY_KINDS),
  questions: ZSurveyQuestions,
  /** Create only: a global template (no organisation), for a global admin; ignored on update. */
  global: z.optional(z.boolean()),
  /** A global template offered to every organisation; only meaningful for global templates. */
  shared: z.optional(z.boolean()),
});
export type SurveyTemplateInput = z.infer<typeof ZSurveyTemplateInput>;

/** What a template and a row of the template lists both say. */
const templateSummary = {
  id: z.string(),
  organisationId: z.nullable(z.string()),
  isGlobal: z.boolean(),
  shared: z.boolean(),
  kind: z.enum(SURVEY_KINDS),
  name: ZLocalized,
  version: z.number(),
  updatedAt: z.number(),
  isArchived: z.boolean(),
  /** The caller may change it: its organisation's own, or a global one for a global admin. */
  editable: z.boolean(),
};

/** A template with its current version. */
export const ZSurveyTemplate = z.object({ ...templateSummary, intro: ZLocalized, questions: z.array(ZSurveyQuestion) });
export type SurveyTemplate = z.infer<typeof ZSurveyTemplate>;

/** One row of the template lists. */
export const ZSurveyTemplateListItem = z.object({
  ...templateSummary,
  questionCount: z.number(),
  /** In the organisation's `surveys` list. */
  inUse: z.boolean(),
});
export type SurveyTemplateListItem = z.infer<typeof ZSurveyTemplateListItem>;

export const ZSurveyTemplateParams = z.object({ id: z.uuid('invalid') });

/** A survey a service or an appointment carries: sent on booking (`before`) or when it ends (`after`). */
export const ZSurveyAttachment = z.object({ templateId: z.uuid('invalid'), timing: z.enum(SURVEY_TIMING_VALUES) });
export type SurveyAttachment = z.infer<typeof ZSurveyAttachment>;
export const ZSurveyAttachments = z.array(ZSurveyAttachment).check(z.maxLength(20, 'tooLong'));
export type SurveyAttachments = z.infer<typeof ZSurveyAttachments>;
