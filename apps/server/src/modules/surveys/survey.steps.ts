import type { SurveyQuestion } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { organisations, surveyResponses, surveyTemplates, surveyTemplateVersions } from '../../db/schema';

export const localized = (text: string) => ({ fi: text, se: `${text} (sv)`, en: `${text} (en)` });

/** A small survey: a required choice, a question shown only after 'yes', an optional scale. */
export const TEST_QUESTIONS: SurveyQuestion[] = [
  {
    id: 'pain',
    type: 'single',
    text: localized('Onko kipua?'),
    required: true,
    options: [
      { id: 'yes', label: localized('Kyllä') },
      { id: 'no', label: localized('Ei') },
    ],
  },
  { id: 'where', type: 'text', text: localized('Missä?'), required: true, showIf: { questionId: 'pain', anyOf: ['yes'] } },
  { id: 'mood', type: 'scale', text: localized('Mieliala'), required: false },
];

/** A template of an organisation (null: global) with one version; answers their ids. */
export async function makeTemplate(
  tx: Tx,
  organisationId: string | null,
  opts: { name?: string; questions?: SurveyQuestion[]; shared?: boolean; archived?: boolean } = {},
): Promise<{ templateId: string; versionId: string }> {
  const name = localized(opts.name ?? 'Vointikysely');
  const [template] = await tx
    .insert(surveyTemplates)
    .values({ organisationId, name, shared: opts.shared ?? false, isArchived: opts.archived ?? false })
    .returning({ id: surveyTemplates.id });
  const [version] = await tx
    .insert(surveyTemplateVersions)
    .values({
      templateId: template!.id,
      version: 1,
      name,
      intro: localized('Vastaa kysymyksiin.'),
      questions: opts.questions ?? TEST_QUESTIONS,
    })
    .returning({ id: surveyTemplateVersions.id });
  return { templateId: template!.id, versionId: version!.id };
}

/** A pending response of a patient to a version; answers its id. */
export async function makeResponse(tx: Tx, organisationId: string, patientId: string, versionId: string): Promise<string> {
  const [row] = await tx
    .insert(surveyResponses)
    .values({ organisationId, patientId, templateVersionId: versionId, surveyName: localized('Vointikysely'), trigger: 'expert' })
    .returning({ id: surveyResponses.id });
  return row!.id;
}

/** Puts templates in an organisation's list of surveys in use (only those are sent with appointments). */
export async function useTemplates(tx: Tx, organisationId: string, templateIds: readonly string[]): Promise<void> {
  const [row] = await tx.select({ surveys: organisations.surveys }).from(organisations).where(eq(organisations.id, organisationId));
  await tx
    .update(organisations)
    .set({ surveys: [...(row?.surveys ?? []), ...templateIds] })
    .where(eq(organisations.id, organisationId));
}
