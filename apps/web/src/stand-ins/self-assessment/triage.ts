import type { SelfAssessmentResult, Urgency } from '@prsp/contracts';

/** The built-in self-assessment's questions (docs/self-assessment.md): a short triage of our own, not a medical one. */
export const SYMPTOMS = ['respiratory', 'stomach', 'pain', 'skin', 'mood', 'other'] as const;
export const DURATIONS = ['day', 'days', 'week', 'longer'] as const;
export const RED_FLAGS = ['breathing', 'chest', 'confusion', 'bleeding'] as const;

export type TriageAnswers = {
  symptom: (typeof SYMPTOMS)[number];
  duration: (typeof DURATIONS)[number];
  fever: boolean;
  /** 0–10. */
  severity: number;
  redFlags: (typeof RED_FLAGS)[number][];
};

/**
 * Any red flag is an emergency; very strong symptoms, or a fever that has lasted over a week, are urgent; strong
 * symptoms, a fever or symptoms over a week want care soon; the rest self-care.
 */
export function urgencyOf(a: TriageAnswers): Urgency {
  if (a.redFlags.length > 0) return 'emergency';
  if (a.severity >= 8 || (a.fever && a.duration === 'longer')) return 'urgent';
  if (a.severity >= 4 || a.fever || a.duration === 'longer') return 'soon';
  return 'selfCare';
}

/** The texts a result is written in: the question and each answer as the patient saw them. */
export type TriageTexts = {
  symptom: Record<'question' | (typeof SYMPTOMS)[number], string>;
  duration: Record<'question' | (typeof DURATIONS)[number], string>;
  fever: Record<'question' | 'yes' | 'no', string>;
  severity: { question: string };
  redFlags: Record<'question' | 'none' | (typeof RED_FLAGS)[number], string>;
};

/** The result the connector posts: the urgency and the answers in the patient's language, for the expert to read. */
export function triageResult(a: TriageAnswers, t: TriageTexts): SelfAssessmentResult {
  return {
    urgency: urgencyOf(a),
    answers: [
      { question: t.symptom.question, answer: t.symptom[a.symptom] },
      { question: t.duration.question, answer: t.duration[a.duration] },
      { question: t.fever.question, answer: a.fever ? t.fever.yes : t.fever.no },
      { question: t.severity.question, answer: `${a.severity}/10` },
      { question: t.redFlags.question, answer: a.redFlags.length ? a.redFlags.map((f) => t.redFlags[f]).join(', ') : t.redFlags.none },
    ],
  };
}
