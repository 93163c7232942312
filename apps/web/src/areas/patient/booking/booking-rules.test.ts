import { describe, expect, it } from 'vitest';
import { localDateAt, type Question } from '@prsp/contracts';
import { dayMs, questionnaireAnswers, questionsFor, searchErrors, shiftDate, unansweredMandatory } from './booking-rules';

describe('booking days (Europe/Helsinki)', () => {
  it('moves day by day across months, years and the daylight-saving changes', () => {
    expect(shiftDate('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDate('2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftDate('2026-10-25', -1)).toBe('2026-10-24');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2026-02-30', 1)).toBe('2026-02-30');
  });

  it('asks the server with a moment that lies inside the chosen Helsinki day', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-07-01', '2026-01-15']) expect(localDateAt(dayMs(date))).toBe(date);
    expect(Number.isNaN(dayMs('2026-02-30'))).toBe(true);
  });
});

describe('booking search (spec §5)', () => {
  const today = '2026-03-10';
  it('needs a date and a specialization', () => {
    expect(searchErrors({ date: '', specialization: '' }, today)).toEqual({ date: 'required', specialization: 'required' });
  });
  it('refuses a date before today and accepts today and later', () => {
    expect(searchErrors({ date: '2026-03-09', specialization: 'nurse' }, today)).toEqual({ date: 'past' });
    expect(searchErrors({ date: today, specialization: 'nurse' }, today)).toEqual({});
    expect(searchErrors({ date: '2026-04-01', specialization: 'nurse' }, today)).toEqual({});
    expect(searchErrors({ date: '2026-13-01', specialization: 'nurse' }, today)).toEqual({ date: 'invalid' });
  });
});

describe('pre-booking questionnaire (spec §5, §3 booking payload)', () => {
  const questions: Question[] = [
    { id: 'q1', content: { fi: 'Oireet?', se: 'Symtom?', en: 'Symptoms?' }, isMandatory: true },
    { id: 'q2', content: { fi: 'Muuta?', se: 'Annat?', en: 'Anything else?' }, isMandatory: false },
    { id: 'q3', content: { fi: 'Lääkkeet?', se: '', en: 'Medicines?' }, isMandatory: true },
  ];

  it('finds each mandatory question without an answer (blank counts as none)', () => {
    expect(unansweredMandatory(questions, {})).toEqual(['q1', 'q3']);
    expect(unansweredMandatory(questions, { q1: '  ', q3: 'Ei' })).toEqual(['q1']);
    expect(unansweredMandatory(questions, { q1: 'Yskä', q3: 'Ei' })).toEqual([]);
  });

  it('sends every question with the text shown and the trimmed answer', () => {
    expect(questionnaireAnswers(questions, { q1: ' Cough ', q3: 'None' }, 'en')).toEqual([
      { id: 'q1', question: 'Symptoms?', answer: 'Cough' },
      { id: 'q2', question: 'Anything else?', answer: '' },
      { id: 'q3', question: 'Medicines?', answer: 'None' },
    ]);
    // A question without a Swedish text is shown (and sent) in Finnish.
    expect(questionnaireAnswers(questions, {}, 'se')[2]).toEqual({ id: 'q3', question: 'Lääkkeet?', answer: '' });
  });

  it('asks the organisation’s questions when the slot says so, else none', () => {
    expect(questionsFor(true, questions)).toBe(questions);
    expect(questionsFor(false, questions)).toEqual([]);
  });
});
