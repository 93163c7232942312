import { describe, expect, test } from 'vitest';
import { EMAIL_KINDS, EMAIL_TEMPLATE_KINDS, LANGUAGES } from '@prsp/contracts';
import { sampleValues } from './template-source';

describe("the editor's preview", () => {
  // organisationName and validFor come from the service itself (builtInValues), not from the samples.
  const fromService = ['organisationName', 'validFor'];
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    test(`${kind}: every tag has a sample value in every language, so the preview shows no tag as written`, () => {
      for (const language of LANGUAGES) {
        const samples = sampleValues(language);
        const missing = EMAIL_KINDS[kind].tags.filter((tag) => !fromService.includes(tag) && samples[tag] === undefined);
        expect(missing, language).toEqual([]);
      }
    });
  }

  test('the sample appointment is told as the real e-mails tell it, per language', () => {
    expect(sampleValues('fi')).toMatchObject({ date: 'maanantaina 16.3.2026', time: '10.00', duration: '30 min' });
    expect(sampleValues('en')).toMatchObject({ date: 'Monday 16 March 2026', time: '10:00' });
  });
});
