import { act, useState } from 'react';
import { expect, it } from 'vitest';
import { ZSurveyTemplateInput, type SurveyQuestion } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './surveys-admin-texts';
import { QuestionEditor } from './question-editor';
import { builderBody, type BuilderForm } from './survey-builder-model';

const l = (fi: string) => ({ fi, se: `${fi} sv`, en: `${fi} en` });
const chest: SurveyQuestion = {
  id: 'q1',
  type: 'single',
  text: l('Onko rintakipua?'),
  required: true,
  options: [
    { id: 'o1', label: l('Puristava rintakipu') },
    { id: 'o2', label: l('Ei rintakipua') },
  ],
};

/** The editor as the builder holds it: the question in state, each change also told to the test. */
function Harness({ initial, onSeen }: { initial: SurveyQuestion; onSeen: (q: SurveyQuestion) => void }) {
  const [question, setQuestion] = useState(initial);
  return (
    <QuestionEditor
      question={question}
      index={0}
      count={1}
      questions={[question]}
      onChange={(next) => {
        setQuestion(next);
        onSeen(next);
      }}
      onMove={() => undefined}
      onRemove={() => undefined}
      errors={{}}
      readOnly={false}
    />
  );
}

const redFlagBoxes = (host: HTMLElement) =>
  [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((box) =>
    box.labels?.[0]?.textContent?.includes('Hälytysvastaus: ohjaa hätäohjeeseen'),
  );

it('each option has a red-flag checkbox, named by its option, and the mark goes into the body the server validates', async () => {
  const seen = { question: chest };
  const host = await mount(<Harness initial={chest} onSeen={(q) => (seen.question = q)} />);
  const boxes = redFlagBoxes(host);
  expect(boxes.map((b) => b.labels![0]!.textContent)).toEqual([
    'Vaihtoehto 1: Hälytysvastaus: ohjaa hätäohjeeseen',
    'Vaihtoehto 2: Hälytysvastaus: ohjaa hätäohjeeseen',
  ]);
  expect(host.textContent).toContain('Sen valitsija näkee heti ohjeen soittaa 112');

  await act(async () => boxes[0]!.click());
  expect(seen.question.options!.map((o) => o.redFlag)).toEqual([true, undefined]);
  expect(redFlagBoxes(host)[0]!.checked).toBe(true);

  const form: BuilderForm = {
    name: l('Oirekysely'),
    intro: l(''),
    kind: 'questionnaire',
    global: false,
    shared: false,
    questions: [seen.question],
  };
  const parsed = ZSurveyTemplateInput.parse(builderBody(form, true));
  expect(parsed.questions[0]!.options![0]!.redFlag).toBe(true);

  // Unmarked again, the key goes, as in options made before red flags.
  await act(async () => redFlagBoxes(host)[0]!.click());
  expect(seen.question.options![0]).toEqual({ id: 'o1', label: l('Puristava rintakipu') });
});

it('a saved mark comes back checked, and a read-only template shows it without letting it change', async () => {
  const marked = { ...chest, options: [chest.options![0]!, { ...chest.options![1]!, redFlag: true }] };
  const host = await mount(
    <QuestionEditor
      question={marked}
      index={0}
      count={1}
      questions={[marked]}
      onChange={() => undefined}
      onMove={() => undefined}
      onRemove={() => undefined}
      errors={{}}
      readOnly
    />,
  );
  expect(redFlagBoxes(host).map((b) => [b.checked, b.disabled])).toEqual([
    [false, true],
    [true, true],
  ]);
});
