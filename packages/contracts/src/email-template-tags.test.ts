import { describe, expect, test } from 'vitest';
import { emailTemplateTagProblems, tagsIn, ZEmailTemplateInput } from './email-templates';

const input = (content: string, kind = 'registration') => ({
  kind,
  language: 'fi',
  senderName: 'Espoo',
  senderAddress: 'noreply@espoo.example',
  title: 'Otsikko',
  content,
});

describe('email template tags', () => {
  test('tagsIn reads {{name}} and {{ name }}, each once', () => {
    expect(tagsIn('{{a}} {{ b }} {{a}} {{1x}} {b} {{c_d2}}')).toEqual(['a', 'b', 'c_d2']);
  });

  test('required tags must be in the content; unknown ones are named from title and content', () => {
    expect(emailTemplateTagProblems('registration', { title: '{{link}} {{x}}', content: 'Hei {{firstName}} {{y}}' })).toEqual({
      missing: ['link'],
      unknown: ['x', 'y'],
    });
    expect(emailTemplateTagProblems('passwordReset', { title: '', content: '{{link}} {{validFor}}' })).toEqual({
      missing: [],
      unknown: [],
    });
  });

  test('the save schema refuses a template without {{link}} on its content, and accepts one with it', () => {
    const refused = ZEmailTemplateInput.safeParse(input('Hei ilman linkkiä'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['content'], message: 'templateLinkMissing' })]);
    expect(ZEmailTemplateInput.safeParse(input('Hei {{link}}')).success).toBe(true);
  });

  test('the tag rule reports alongside other field errors', () => {
    const res = ZEmailTemplateInput.safeParse({ ...input('Hei'), title: '' });
    expect(res.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()).toEqual([
      'content:templateLinkMissing',
      'title:required',
    ]);
  });
});
