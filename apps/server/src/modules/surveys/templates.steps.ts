import type { SurveyQuestion, SurveyTemplateInput } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { insertTemplate } from './templates.repo';

const t = (fi: string, se: string, en: string) => ({ fi, se, en });

/** A small valid survey: a required single choice, and free text shown when the answer is `no`. */
export const SAMPLE_QUESTIONS: SurveyQuestion[] = [
  {
    id: 'helped',
    type: 'single',
    text: t('Saitko apua?', 'Fick du hjälp?', 'Did you get help?'),
    required: true,
    options: [
      { id: 'yes', label: t('Kyllä', 'Ja', 'Yes') },
      { id: 'no', label: t('En', 'Nej', 'No') },
    ],
  },
  {
    id: 'why',
    type: 'text',
    text: t('Mikä jäi puuttumaan?', 'Vad saknades?', 'What was missing?'),
    required: false,
    showIf: { questionId: 'helped', anyOf: ['no'] },
  },
];

export function sampleTemplateInput(name = 'Palaute', extra: Partial<SurveyTemplateInput> = {}): SurveyTemplateInput {
  return {
    name: t(name, `${name} (sv)`, `${name} (en)`),
    intro: t('Kiitos käynnistä.', 'Tack för besöket.', 'Thank you for your visit.'),
    kind: 'survey',
    questions: SAMPLE_QUESTIONS,
    ...extra,
  };
}

/** A template straight into the database: an organisation's, or a global one (`organisationId` null). */
export function makeTemplate(db: Db, organisationId: string | null, opts: { shared?: boolean; name?: string } = {}): Promise<string> {
  const input = sampleTemplateInput(opts.name);
  return insertTemplate(
    db,
    { organisationId, shared: opts.shared ?? false, kind: 'survey', createdBy: null },
    { name: input.name, intro: input.intro, questions: input.questions },
  );
}
