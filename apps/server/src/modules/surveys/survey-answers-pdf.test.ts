import { describe, expect, test } from 'vitest';
import { answerLines, answersPdf, pdfTime, type AnswersPdfInput } from './survey-answers-pdf';
import { NORDIC_ANSWER, NORDIC_QUESTIONS, pdfText } from './survey-expert.steps';

const input: AnswersPdfInput = {
  organisationName: 'Espoon Äitiysneuvola',
  surveyName: { fi: 'Vointikysely', se: 'Enkät om välmående', en: 'Wellbeing survey' },
  version: 3,
  patientName: 'Åsa Öhman',
  maskedIdentityCode: '010190-****',
  // The night the clocks go forward in Helsinki: 01:30 UTC is 04:30 local (EEST), not 03:30.
  sentAt: new Date('2026-03-29T01:30:00Z'),
  respondedAt: new Date('2026-03-30T09:05:00Z'),
  questions: NORDIC_QUESTIONS,
  answers: { pain: 'yes', where: NORDIC_ANSWER },
  language: 'fi',
};

describe('answer lines', () => {
  test('visible questions with their answers as words; an unanswered optional one says so', () => {
    expect(answerLines(input)).toEqual([
      { question: 'Onko sinulla kipuja?', answer: 'Kyllä, päivittäin', redFlag: false },
      { question: 'Missä kohtaa?', answer: NORDIC_ANSWER, redFlag: false },
      { question: 'Mieliala', answer: '(ei vastausta)', redFlag: false },
    ]);
  });

  test('a question hidden by its condition is left out, in the reader’s language', () => {
    expect(answerLines({ ...input, answers: { pain: 'no', mood: 7 }, language: 'se' })).toEqual([
      { question: 'Har du smärtor?', answer: 'Nej', redFlag: false },
      { question: 'Mieliala (sv)', answer: '7 / 10', redFlag: false },
    ]);
  });
});

/** NORDIC_QUESTIONS with 'yes' to pain marked as a red flag by an admin. */
const flaggedQuestions = NORDIC_QUESTIONS.map((q) =>
  q.id === 'pain' ? { ...q, options: q.options!.map((o) => (o.id === 'yes' ? { ...o, redFlag: true } : o)) } : q,
);

describe('red-flag answers (issue 29)', () => {
  test('the line of an answer picking a red-flag option is flagged; others are not', () => {
    expect(answerLines({ ...input, questions: flaggedQuestions }).map((l) => l.redFlag)).toEqual([true, false, false]);
    expect(answerLines({ ...input, questions: flaggedQuestions, answers: { pain: 'no' } }).map((l) => l.redFlag)).toEqual([false, false]);
  });

  test('the PDF says "Hälytysvastaus" above the answers and at the answer, in the reader’s language', async () => {
    const text = await pdfText(await answersPdf({ ...input, questions: flaggedQuestions }));
    expect(text).toContain('HÄLYTYSVASTAUS: Vastauksissa on hälytysvastaus');
    expect(text).toContain('Hälytysvastaus: Kyllä, päivittäin');
    const sv = await pdfText(await answersPdf({ ...input, questions: flaggedQuestions, language: 'se' }));
    expect(sv).toContain('Larmsvar: Ja, dagligen');
    const none = await pdfText(await answersPdf({ ...input, questions: flaggedQuestions, answers: { pain: 'no' } }));
    expect(none).not.toContain('Hälytysvastaus');
  });
});

describe('the answers PDF', () => {
  test('is a PDF whose text keeps ä, ö and å, with times in Europe/Helsinki', async () => {
    const pdf = await answersPdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Organisaatio: Espoon Äitiysneuvola',
      'Vointikysely (versio 3)',
      'Potilas: Åsa Öhman, 010190-****',
      `Lähetetty: ${pdfTime(input.sentAt, 'fi')}`,
      'Vastattu: 30.3.2026 klo 12.05',
      'Kyllä, päivittäin',
      NORDIC_ANSWER,
    ])
      expect(text).toContain(expected);
    expect(pdfTime(input.sentAt, 'fi')).toBe('29.3.2026 klo 04.30');
  });

  test('in Swedish, and without answers yet', async () => {
    const text = await pdfText(await answersPdf({ ...input, language: 'se', answers: null, respondedAt: null }));
    expect(text).toContain('Enkät om välmående (version 3)');
    expect(text).toContain('Inte besvarad ännu');
    expect(text).toContain('Har du smärtor?');
    expect(text).not.toContain('Var?');
  });
});
