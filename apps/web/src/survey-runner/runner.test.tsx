import { beforeEach, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { RunnerSurvey, SurveyAnswers } from '@prsp/contracts';
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
  redFlag: false,
};

/** A symptom questionnaire whose 'pressing' chest pain an admin marked as a red flag. */
const symptoms: RunnerSurvey = {
  ...answered,
  name: l('Oirekysely'),
  questions: [
    {
      id: 'chest',
      type: 'single',
      text: l('Onko rintakipua?'),
      required: true,
      options: [
        { id: 'pressing', label: l('Puristava rintakipu'), redFlag: true },
        { id: 'none', label: l('Ei rintakipua') },
      ],
    },
  ],
  audience: 'patient',
  readOnly: false,
  answers: null,
  respondedAt: null,
};

const api = vi.hoisted(() => ({
  survey: undefined as unknown as RunnerSurvey,
  sent: [] as SurveyAnswers[],
  redFlag: false,
}));
const posted = vi.hoisted(() => [] as unknown[]);
vi.mock('./runner-api', () => ({
  loadSurvey: async () => api.survey,
  sendAnswers: async (_token: string, answers: SurveyAnswers) => {
    api.sent.push(answers);
    return { respondedAt: '2026-11-29T10:00:00.000Z', redFlag: api.redFlag };
  },
  RunnerError: Error,
}));
vi.mock('./runner-parent', () => ({ postToParent: (m: unknown) => posted.push(m), reportHeight: () => undefined }));

beforeEach(() => {
  api.survey = answered;
  api.sent = [];
  api.redFlag = false;
  posted.length = 0;
});

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const buttonNamed = (host: HTMLElement, name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name);

it('answers given are read as text, question by question like the PDF, not as a form greyed out', async () => {
  const host = await mount(<Runner token="t" />);
  expect(host.querySelectorAll('input, textarea, fieldset')).toHaveLength(0);
  const pairs = [...host.querySelectorAll('.survey-answers-summary > div')].map(
    (d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`,
  );
  expect(pairs).toEqual(['Miltä tuntuu?: 4 / 5', 'Kipu: 3 / 10', 'Kerro lisää: (ei vastausta)']);
});

it('picking a red-flag option shows the emergency instruction above the send button at once, without taking the focus', async () => {
  api.survey = symptoms;
  const host = await mount(<Runner token="t" />);
  expect(host.querySelector('.emergency-notice')).toBeNull();
  const pressing = host.querySelector<HTMLInputElement>('input[value="pressing"]')!;
  pressing.focus();
  await act(async () => pressing.click());
  const notice = host.querySelector('.emergency-notice')!;
  expect(notice.getAttribute('role')).toBe('alert');
  expect(notice.querySelector('a[href="tel:112"]')!.textContent).toBe('Soita hätänumeroon 112');
  expect(notice.textContent).toContain('Älä jää odottamaan yhteydenottoa.');
  expect(document.activeElement).toBe(pressing);
  // The instruction takes the send button's place; choosing another option brings the button back.
  expect(buttonNamed(host, 'Lähetä vastaukset')).toBeUndefined();
  await act(async () => host.querySelector<HTMLInputElement>('input[value="none"]')!.click());
  expect(host.querySelector('.emergency-notice')).toBeNull();
  expect(buttonNamed(host, 'Lähetä vastaukset')).toBeDefined();
});

it('when the server says the answers hold a red flag, the instruction stays until the patient goes on, then the page is told close', async () => {
  api.survey = symptoms;
  api.redFlag = true;
  const host = await mount(<Runner token="t" />);
  await act(async () => host.querySelector<HTMLInputElement>('input[value="pressing"]')!.click());
  await act(async () => buttonNamed(host, 'Lähetä vastaukset silti')!.click());
  await flush();
  expect(api.sent).toEqual([{ chest: 'pressing' }]);
  const notice = host.querySelector('.emergency-notice')!;
  expect(notice.querySelector('h2')!.textContent).toBe('Hakeudu heti hoitoon');
  expect(document.activeElement).toBe(notice.querySelector('h2'));
  expect(posted).not.toContainEqual({ type: 'close' });
  await act(async () => buttonNamed(host, 'Jatka')!.click());
  expect(posted).toContainEqual({ type: 'close' });
});

it('answers without a red flag close at once, as before', async () => {
  api.survey = symptoms;
  const host = await mount(<Runner token="t" />);
  await act(async () => host.querySelector<HTMLInputElement>('input[value="none"]')!.click());
  await act(async () => buttonNamed(host, 'Lähetä vastaukset')!.click());
  await flush();
  expect(host.querySelector('.emergency-notice')).toBeNull();
  expect(posted).toContainEqual({ type: 'close' });
});

it('the professional reads the red-flag answer marked "Hälytysvastaus", with a line above the answers', async () => {
  api.survey = { ...symptoms, audience: 'expert', readOnly: true, answers: { chest: 'pressing' }, redFlag: true };
  const host = await mount(<Runner token="t" />);
  expect(host.querySelector('.red-flag-summary')!.textContent).toContain('Vastauksissa on hälytysvastaus');
  expect(host.querySelector('.survey-answers-summary .red-flag-answer dd')!.textContent).toBe('Hälytysvastaus: Puristava rintakipu');
});
