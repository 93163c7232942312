import { describe, expect, test } from 'vitest';
import {
  answerError,
  answerText,
  checkAnswers,
  conditionValues,
  hasRedFlag,
  redFlagQuestionIds,
  surveyDefinitionErrors,
  visibleQuestions,
  ZSurveyQuestions,
  type SurveyQuestion,
} from './survey-model';

const t = (fi: string) => ({ fi, se: `${fi} sv`, en: `${fi} en` });
const option = (id: string) => ({ id, label: t(id.toUpperCase()) });
const q = (id: string, type: SurveyQuestion['type'], over: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  id,
  type,
  text: t(`Kysymys ${id}`),
  required: false,
  ...(type === 'single' || type === 'multiple' ? { options: [option('a'), option('b'), option('c')] } : {}),
  ...over,
});

describe('visibleQuestions', () => {
  const questions = [
    q('pain', 'single'),
    q('where', 'multiple', { showIf: { questionId: 'pain', anyOf: ['a'] } }),
    q('how', 'scale', { showIf: { questionId: 'where', anyOf: ['b', 'c'] } }),
    q('note', 'text', { showIf: { questionId: 'how', anyOf: ['8', '9', '10'] } }),
  ];
  const ids = (answers: Record<string, unknown>) => visibleQuestions(questions, answers as never).map((x) => x.id);

  test('a condition shows its question only for the named answers', () => {
    expect(ids({})).toEqual(['pain']);
    expect(ids({ pain: 'b' })).toEqual(['pain']);
    expect(ids({ pain: 'a' })).toEqual(['pain', 'where']);
  });

  test('a multiple choice meets a condition when any of its choices is named; numbers compare as text', () => {
    expect(ids({ pain: 'a', where: ['a', 'c'] })).toEqual(['pain', 'where', 'how']);
    expect(ids({ pain: 'a', where: ['c'], how: 9 })).toEqual(['pain', 'where', 'how', 'note']);
    expect(ids({ pain: 'a', where: ['c'], how: 0 })).toEqual(['pain', 'where', 'how']);
  });

  test('chained: a question hidden hides the ones that depend on it, whatever their answers say', () => {
    expect(ids({ pain: 'b', where: ['c'], how: 9 })).toEqual(['pain']);
  });
});

describe('checkAnswers', () => {
  test('required questions must be answered; blank text and empty choices count as unanswered', () => {
    const questions = [q('a', 'text', { required: true }), q('b', 'multiple', { required: true }), q('c', 'number')];
    expect(checkAnswers(questions, { a: '  ', b: [] })).toEqual({ ok: false, errors: { a: 'required', b: 'required' } });
    expect(checkAnswers(questions, { a: ' hyvä ', b: ['a'] })).toEqual({ ok: true, answers: { a: 'hyvä', b: ['a'] } });
  });

  test('answers to hidden questions are dropped, and a hidden required question is not asked', () => {
    const questions = [q('pain', 'single'), q('where', 'text', { required: true, showIf: { questionId: 'pain', anyOf: ['a'] } })];
    expect(checkAnswers(questions, { pain: 'b', where: 'polvi' })).toEqual({ ok: true, answers: { pain: 'b' } });
    expect(checkAnswers(questions, { pain: 'a' })).toEqual({ ok: false, errors: { where: 'required' } });
  });

  test('single and multiple: only their own options, each once', () => {
    expect(answerError(q('s', 'single'), 'a')).toBeUndefined();
    expect(answerError(q('s', 'single'), 'x')).toBe('invalid');
    expect(answerError(q('s', 'single'), ['a'])).toBe('invalid');
    expect(answerError(q('m', 'multiple'), ['a', 'b'])).toBeUndefined();
    expect(answerError(q('m', 'multiple'), ['a', 'a'])).toBe('invalid');
    expect(answerError(q('m', 'multiple'), ['a', 'x'])).toBe('invalid');
    expect(answerError(q('m', 'multiple'), 'a')).toBe('invalid');
  });

  test('scale 0–10 and faces 1–5: whole numbers in range', () => {
    expect([0, 10].map((n) => answerError(q('s', 'scale'), n))).toEqual([undefined, undefined]);
    expect([-1, 11, 5.5, '5'].map((n) => answerError(q('s', 'scale'), n as never))).toEqual(['invalid', 'invalid', 'invalid', 'invalid']);
    expect([1, 5].map((n) => answerError(q('f', 'faces'), n))).toEqual([undefined, undefined]);
    expect([0, 6].map((n) => answerError(q('f', 'faces'), n))).toEqual(['invalid', 'invalid']);
  });

  test('number: finite, within min and max when given', () => {
    const n = q('n', 'number', { min: 30, max: 45 });
    expect(answerError(n, 37.5)).toBeUndefined();
    expect(answerError(n, 29)).toBe('outOfRange');
    expect(answerError(n, 46)).toBe('outOfRange');
    expect(answerError(n, '37')).toBe('invalid');
    expect(answerError(n, Number.NaN)).toBe('invalid');
    expect(answerError(q('n', 'number'), -1e6)).toBeUndefined();
  });

  test('date: a real calendar day as YYYY-MM-DD', () => {
    const d = q('d', 'date');
    expect(answerError(d, '2024-02-29')).toBeUndefined();
    expect(['2023-02-29', '2024-02-30', '2024-13-01', '1.2.2024', '2024-2-1'].map((v) => answerError(d, v))).toEqual(
      Array(5).fill('invalid'),
    );
  });

  test('text: at most 2000 characters', () => {
    expect(answerError(q('t', 'text'), 'x'.repeat(2000))).toBeUndefined();
    expect(answerError(q('t', 'text'), 'x'.repeat(2001))).toBe('invalid');
    expect(answerError(q('t', 'text'), 3)).toBe('invalid');
  });
});

describe('surveyDefinitionErrors', () => {
  test('a sound survey has none', () => {
    expect(surveyDefinitionErrors([q('a', 'single'), q('b', 'text', { showIf: { questionId: 'a', anyOf: ['b'] } })])).toEqual({});
  });

  test('duplicate question ids and option ids', () => {
    expect(surveyDefinitionErrors([q('a', 'text'), q('a', 'number')])).toEqual({ 'questions.1.id': 'duplicateId' });
    expect(surveyDefinitionErrors([q('a', 'single', { options: [option('x'), option('x')] })])).toEqual({
      'questions.0.options': 'duplicateId',
    });
  });

  test('choices need two options; other types none; number min not above max', () => {
    expect(surveyDefinitionErrors([q('a', 'multiple', { options: [option('x')] })])).toEqual({ 'questions.0.options': 'surveyOptions' });
    expect(surveyDefinitionErrors([q('a', 'scale', { options: [option('x'), option('y')] })])).toEqual({
      'questions.0.options': 'invalid',
    });
    expect(surveyDefinitionErrors([q('a', 'number', { min: 5, max: 4 })])).toEqual({ 'questions.0.max': 'invalid' });
  });

  test('a condition names an earlier choice, scale or faces question and values it can have', () => {
    const cond = (questionId: string, anyOf: string[]) => ({ showIf: { questionId, anyOf } });
    const errors = surveyDefinitionErrors([
      q('later', 'text', cond('single', ['a'])),
      q('single', 'single'),
      q('self', 'single', cond('self', ['a'])),
      q('text', 'text'),
      q('onText', 'text', cond('text', ['a'])),
      q('badOption', 'text', cond('single', ['z'])),
      q('scale', 'scale'),
      q('onScale', 'text', cond('scale', ['0', '10'])),
      q('offScale', 'text', cond('scale', ['11'])),
      q('faces', 'faces'),
      q('onFaces', 'text', cond('faces', ['0'])),
    ]);
    expect(errors).toEqual({
      'questions.0.showIf': 'surveyCondition',
      'questions.2.showIf': 'surveyCondition',
      'questions.4.showIf': 'surveyCondition',
      'questions.5.showIf': 'surveyCondition',
      'questions.8.showIf': 'surveyCondition',
      'questions.10.showIf': 'surveyCondition',
    });
  });

  test('conditionValues: option ids, or the numbers of a scale and of faces', () => {
    expect(conditionValues(q('s', 'single'))).toEqual(['a', 'b', 'c']);
    expect(conditionValues(q('s', 'scale'))).toHaveLength(11);
    expect(conditionValues(q('f', 'faces'))).toEqual(['1', '2', '3', '4', '5']);
    expect(conditionValues(q('t', 'text'))).toEqual([]);
  });

  test('ZSurveyQuestions reports the rules at their paths, and wants a question', () => {
    const parsed = ZSurveyQuestions.safeParse([q('a', 'text'), q('a', 'text')]);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['1.id', 'duplicateId']]);
    expect(ZSurveyQuestions.safeParse([]).error!.issues[0]!.message).toBe('surveyQuestions');
  });
});

describe('answerText', () => {
  test('option labels in the language asked, numbers out of their scale, others as given', () => {
    expect(answerText(q('s', 'single'), 'b', 'se')).toBe('B sv');
    expect(answerText(q('m', 'multiple'), ['a', 'c'], 'en')).toBe('A en, C en');
    expect(answerText(q('s', 'scale'), 0, 'fi')).toBe('0 / 10');
    expect(answerText(q('f', 'faces'), 4, 'fi')).toBe('4 / 5');
    expect(answerText(q('n', 'number'), 37.5, 'fi')).toBe('37.5');
    expect(answerText(q('d', 'date'), '2024-02-29', 'fi')).toBe('2024-02-29');
    expect(answerText(q('t', 'text'), '', 'fi')).toBe('');
    expect(answerText(q('s', 'single'), 'gone', 'fi')).toBe('gone');
  });
});

describe('red-flag answers (issue 29)', () => {
  const flagged = (id: string) => ({ ...option(id), redFlag: true });
  const questions = [
    q('chest', 'single', { options: [flagged('pressing'), option('none')] }),
    q('symptoms', 'multiple', { options: [option('cough'), flagged('breath'), option('fever')] }),
    q('follow', 'single', { showIf: { questionId: 'chest', anyOf: ['none'] }, options: [option('x'), flagged('faint')] }),
    q('pain', 'scale'),
  ];

  test('a single choice picking a red-flag option is one; another option is not', () => {
    expect(redFlagQuestionIds(questions, { chest: 'pressing' })).toEqual(['chest']);
    expect(hasRedFlag(questions, { chest: 'none', pain: 10 })).toBe(false);
  });

  test('a multiple choice is one when any of its picks is a red flag', () => {
    expect(redFlagQuestionIds(questions, { symptoms: ['cough', 'breath'] })).toEqual(['symptoms']);
    expect(hasRedFlag(questions, { symptoms: ['cough', 'fever'] })).toBe(false);
    expect(redFlagQuestionIds(questions, { chest: 'pressing', symptoms: ['breath'] })).toEqual(['chest', 'symptoms']);
  });

  test('an answer behind a hidden question does not count; a shown one does', () => {
    expect(hasRedFlag(questions, { chest: 'pressing', follow: 'faint' })).toBe(true);
    expect(redFlagQuestionIds(questions, { chest: 'pressing', follow: 'faint' })).toEqual(['chest']);
    expect(redFlagQuestionIds(questions, { chest: 'none', follow: 'faint' })).toEqual(['follow']);
  });

  test('no answers, or a definition without red flags, says none', () => {
    expect(hasRedFlag(questions, null)).toBe(false);
    expect(hasRedFlag([q('a', 'single')], { a: 'a' })).toBe(false);
  });

  test('the schema keeps the mark and takes options without it', () => {
    const parsed = ZSurveyQuestions.parse([questions[0], q('b', 'single')]);
    expect(parsed[0]!.options![0]!.redFlag).toBe(true);
    expect(parsed[1]!.options![0]!.redFlag).toBeUndefined();
    expect(ZSurveyQuestions.safeParse([{ ...questions[0], options: [{ ...flagged('a'), redFlag: 'yes' }, option('b')] }]).success).toBe(
      false,
    );
  });
});
