import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import type { SurveyAnswers, SurveyQuestion } from '@prsp/contracts';
import { SurveyQuestions } from './survey-questions';

const l = (fi: string, se: string, en: string) => ({ fi, se, en });
const QUESTIONS: SurveyQuestion[] = [
  { id: 'mood', type: 'faces', text: l('Miltä tuntuu?', 'Hur känns det?', 'How do you feel?'), required: true },
  { id: 'pain', type: 'scale', text: l('Kipu', 'Smärta', 'Pain'), required: false },
  {
    id: 'why',
    type: 'text',
    text: l('Miksi?', 'Varför?', 'Why?'),
    required: false,
    showIf: { questionId: 'mood', anyOf: ['1', '2'] },
  },
];

function render(answers: SurveyAnswers, errors: Record<string, string> = {}) {
  const root = document.createElement('div');
  root.innerHTML = renderToStaticMarkup(
    <SurveyQuestions questions={QUESTIONS} answers={answers} onChange={() => undefined} lang="se" errors={errors} />,
  );
  return root;
}

describe('the survey questions a patient sees', () => {
  it('each question is a fieldset named by its text in the survey language; faces and the scale are radio groups', () => {
    const root = render({});
    const legends = [...root.querySelectorAll('fieldset.survey-question > legend')].map((l) => l.textContent);
    expect(legends).toEqual(['Hur känns det?*(obligatorisk)', 'Smärta']);
    const faces = [...root.querySelectorAll('[data-question="mood"] label')].map((l) => l.textContent);
    expect(faces).toEqual(['Mycket missnöjd', 'Missnöjd', 'Varken nöjd eller missnöjd', 'Nöjd', 'Mycket nöjd']);
    // Each face is drawn, hidden from screen readers (the label says it), its mouth bending from a frown to a smile.
    const mouths = [...root.querySelectorAll('[data-question="mood"] svg.face[aria-hidden="true"] path')].map((p) =>
      Number(/Q12 ([\d.]+)/.exec(p.getAttribute('d')!)![1]),
    );
    expect(mouths).toEqual([...mouths].sort((a, b) => a - b));
    expect(new Set(mouths).size).toBe(5);
    expect(root.querySelectorAll('[data-question="mood"] input[type="radio"]')).toHaveLength(5);
    expect(root.querySelectorAll('[data-question="pain"] input[type="radio"]')).toHaveLength(11);
  });

  it('a condition shows its question when met; a text answer is labelled by its legend', () => {
    const root = render({ mood: 2 });
    const textarea = root.querySelector('[data-question="why"] textarea')!;
    const legend = root.querySelector(`[id="${textarea.getAttribute('aria-labelledby')}"]`);
    expect(legend?.textContent).toBe('Varför?');
    expect(render({ mood: 4 }).querySelector('[data-question="why"]')).toBeNull();
  });

  it('an error is read with its question, in the survey language', () => {
    const root = render({}, { mood: 'required' });
    const fieldset = root.querySelector('[data-question="mood"]')!;
    const error = root.querySelector(`[id="${fieldset.getAttribute('aria-describedby')}"]`);
    expect(error?.textContent).toBe('Obligatoriskt fält.');
  });

  it('a date answer shows the date in words in the survey language beside the field, as its description', () => {
    const questions: SurveyQuestion[] = [
      { id: 'since', type: 'date', text: l('Mistä asti?', 'Sedan när?', 'Since when?'), required: true },
    ];
    const root = document.createElement('div');
    root.innerHTML = renderToStaticMarkup(
      <SurveyQuestions
        questions={questions}
        answers={{ since: '2026-11-30' }}
        onChange={() => undefined}
        lang="se"
        errors={{ since: 'required' }}
      />,
    );
    const input = root.querySelector('input[type="date"]')!;
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => root.querySelector(`[id="${id}"]`)?.textContent);
    expect(described).toEqual(['Obligatoriskt fält.', 'måndag 30.11.2026']);
  });
});
