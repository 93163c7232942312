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
      { question: 'Onko sinulla kipuja?', answer: 'Kyllä, päivittäin' },
      { question: 'Missä kohtaa?', answer: NORDIC_ANSWER },
      { question: 'Mieliala', answer: '(ei vastausta)' },
    ]);
  });

  test('a question hidden by its condition is left out, in the reader’s language', () => {
    expect(answerLines({ ...input, answers: { pain: 'no', mood: 7 }, language: 'se' })).toEqual([
      { question: 'Har du smärtor?', answer: 'Nej' },
      { question: 'Mieliala (sv)', answer: '7 / 10' },
    ]);
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
