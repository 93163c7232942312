import { expect, it, vi } from 'vitest';
import type { RunnerSurvey } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../features/surveys/survey-frame-texts';
import { Runner } from './runner';

const l = (fi: string) => ({ fi, se: fi, en: fi });
const answered: RunnerSurvey = {
  responseId: 'r1',
  name: l('Hoitokysely'),
  intro: l(''),
  questions: [
    { id: 'mood', type: 'faces', text: l('Miltä tuntuu?'), required: true },
    { id: 'pain', type: 'scale', text: l('Kipu'), required: false },
    { id: 'why', type: 'text', text: l('Kerro lisää'), required: false },
  ],
  audience: 'expert',
  language: 'fi',
  readOnly: true,
  closed: false,
  answers: { mood: '4', pain: 3 },
  respondedAt: '2026-11-29T10:00:00.000Z',
};
vi.mock('./runner-api', () => ({ loadSurvey: async () => answered, sendAnswers: async () => undefined, RunnerError: Error }));
vi.mock('./runner-parent', () => ({ postToParent: () => undefined, reportHeight: () => undefined }));

it('answers given are read as text, question by question like the PDF, not as a form greyed out', async () => {
  const host = await mount(<Runner token="t" />);
  expect(host.querySelectorAll('input, textarea, fieldset')).toHaveLength(0);
  const pairs = [...host.querySelectorAll('.survey-answers-summary > div')].map(
    (d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`,
  );
  expect(pairs).toEqual(['Miltä tuntuu?: 4 / 5', 'Kipu: 3 / 10', 'Kerro lisää: (ei vastausta)']);
});
