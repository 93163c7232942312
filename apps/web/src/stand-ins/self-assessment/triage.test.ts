import { describe, expect, test } from 'vitest';
import { ZSelfAssessmentResult } from '@prsp/contracts';
import en from '@/locales/en/self-assessment.json';
import { triageResult, urgencyOf, type TriageAnswers } from './triage';

const calm: TriageAnswers = { symptom: 'respiratory', duration: 'days', fever: false, severity: 2, redFlags: [] };

describe('urgencyOf', () => {
  test.each<[string, Partial<TriageAnswers>, string]>([
    ['mild, short symptoms', {}, 'selfCare'],
    ['any red flag, however mild otherwise', { redFlags: ['chest'] }, 'emergency'],
    ['a red flag beside strong symptoms', { severity: 10, redFlags: ['breathing', 'bleeding'] }, 'emergency'],
    ['very strong symptoms', { severity: 8 }, 'urgent'],
    ['a fever over a week', { fever: true, duration: 'longer' }, 'urgent'],
    ['a fever', { fever: true }, 'soon'],
    ['strong symptoms', { severity: 4 }, 'soon'],
    ['symptoms over a week', { duration: 'longer' }, 'soon'],
    ['just below strong', { severity: 3 }, 'selfCare'],
  ])('%s', (_label, change, urgency) => {
    expect(urgencyOf({ ...calm, ...change })).toBe(urgency);
  });
});

test('the result names each question and answer as the patient saw them, in the shape the expert view reads', () => {
  const result = triageResult({ ...calm, fever: true, redFlags: ['chest', 'confusion'] }, en.selfAssessment.standIn);
  expect(ZSelfAssessmentResult.parse(result)).toEqual(result);
  expect(result).toEqual({
    urgency: 'emergency',
    answers: [
      { question: 'What is your main symptom?', answer: 'Cough, sore throat or runny nose' },
      { question: 'How long have the symptoms lasted?', answer: '1–3 days' },
      { question: 'Do you have a fever over 38 °C?', answer: 'Yes' },
      { question: 'How strong are your symptoms on a scale of 0–10?', answer: '2/10' },
      { question: 'Do you have any of the following?', answer: 'Pressing chest pain, Confusion or reduced consciousness' },
    ],
  });
  expect(triageResult(calm, en.selfAssessment.standIn).answers[4]!.answer).toBe('None of these');
});
