import { act } from 'react';
import { expect, it } from 'vitest';
import type { SurveyQuestion } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './surveys-admin-texts';
import { SurveyPreview } from './survey-preview';

const l = (fi: string) => ({ fi, se: `${fi} sv`, en: `${fi} en` });
const questions: SurveyQuestion[] = [
  {
    id: 'symptoms',
    type: 'multiple',
    text: l('Mitä oireita?'),
    required: false,
    options: [
      { id: 'cough', label: l('Yskä') },
      { id: 'breath', label: l('Hengenahdistus'), redFlag: true },
    ],
  },
];

it('names the red-flag options, and picking one shows the emergency instruction as the patient would see it', async () => {
  const host = await mount(<SurveyPreview name={l('Oirekysely')} intro={l('')} questions={questions} />);
  expect(host.querySelector('.red-flag-list')!.textContent).toBe('Hälytysvastaukset: Hengenahdistus');
  expect(host.querySelector('.emergency-notice')).toBeNull();
  await act(async () => host.querySelector<HTMLInputElement>('input[value="cough"]')!.click());
  expect(host.querySelector('.emergency-notice')).toBeNull();
  await act(async () => host.querySelector<HTMLInputElement>('input[value="breath"]')!.click());
  expect(host.querySelector('.emergency-notice a[href="tel:112"]')).not.toBeNull();
  expect(host.textContent).toContain('Valittu vaihtoehto on hälytysvastaus');
});
