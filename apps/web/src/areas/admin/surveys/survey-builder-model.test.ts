import { describe, expect, test } from 'vitest';
import type { SurveyQuestion } from '@prsp/contracts';
import {
  builderBody,
  builderErrors,
  conditionSources,
  initialBuilderForm,
  moved,
  newQuestion,
  nextId,
  withoutQuestion,
  withType,
} from './survey-builder-model';

const text = (fi: string) => ({ fi, se: `${fi} sv`, en: `${fi} en` });

describe('the builder model', () => {
  test('ids: the first free one, stable when others go', () => {
    expect(nextId('q', [])).toBe('q1');
    expect(nextId('q', ['q1', 'q3'])).toBe('q4');
    expect(nextId('q', ['q2', 'q3'])).toBe('q4');
    expect(nextId('q', ['q3'])).toBe('q2');
  });

  test('a new choice question has two options; changing its type keeps the texts', () => {
    const q = { ...newQuestion([], 'single'), text: text('Kysymys') };
    expect(q.options).toHaveLength(2);
    expect(new Set(q.options!.map((o) => o.id)).size).toBe(2);
    const scale = withType(q, 'scale');
    expect(scale).toEqual({ id: 'q1', type: 'scale', text: text('Kysymys'), required: false });
    expect(withType(scale, 'multiple').options).toHaveLength(2);
  });

  test('moving, and conditions only on earlier choice, scale and faces questions', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    const questions = [newQuestion([], 'single'), { ...newQuestion([], 'text'), id: 'q2' }, { ...newQuestion([], 'faces'), id: 'q3' }];
    expect(conditionSources(questions, 3).map((q) => q.id)).toEqual(['q1', 'q3']);
    expect(conditionSources(questions, 0)).toEqual([]);
  });

  test('removing a question drops the conditions on it', () => {
    const source = newQuestion([], 'single');
    const dependent: SurveyQuestion = { ...newQuestion([source], 'text'), showIf: { questionId: 'q1', anyOf: ['o1'] } };
    const { showIf: _showIf, ...unconditional } = dependent;
    expect(withoutQuestion([source, dependent], 0)).toEqual([unconditional]);
  });

  test('the body: help only when written, global only when new; the errors come at their paths', () => {
    const form = {
      ...initialBuilderForm(),
      name: text('Kysely'),
      global: true,
      shared: true,
      questions: [{ ...newQuestion([], 'text'), text: text('Miten menee?'), help: { fi: '', se: '', en: '' } }],
    };
    const body = builderBody(form, true);
    expect(body).toMatchObject({ global: true, shared: true });
    expect(body.questions[0]).not.toHaveProperty('help');
    expect(builderBody(form, false)).not.toHaveProperty('global');
    expect(builderErrors(body)).toEqual({});
    const broken = builderBody({ ...form, questions: [{ ...form.questions[0]!, text: { fi: '', se: 'x', en: 'y' } }] }, true);
    expect(builderErrors(broken)).toEqual({ 'questions.0.text.fi': 'required' });
    expect(builderErrors(builderBody({ ...form, questions: [] }, true))).toEqual({ questions: 'surveyQuestions' });
  });
});
