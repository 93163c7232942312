import { describe, expect, it } from 'vitest';
import { conversationTitle } from './conversation-title';

const names = (fi: string, se: string, en: string) => ({ fi, se, en });

describe('conversation title (spec §2: subject, or category and subcategory per language)', () => {
  it('is the subject when there is one', () => {
    expect(conversationTitle({ subject: 'Lab results', categoryName: null, subcategoryName: null }, 'en')).toBe('Lab results');
  });

  it('is else the category and subcategory in the reader language', () => {
    const c = {
      subject: null,
      categoryName: names('Neuvola', 'Rådgivning', 'Clinic'),
      subcategoryName: names('Rokotus', 'Vaccin', 'Vaccines'),
    };
    expect(conversationTitle(c, 'se')).toBe('Rådgivning / Vaccin');
    expect(conversationTitle(c, 'en')).toBe('Clinic / Vaccines');
  });

  it('falls back to Finnish for a missing name and skips a missing part', () => {
    const c = { subject: '  ', categoryName: names('Neuvola', '', ''), subcategoryName: null };
    expect(conversationTitle(c, 'en')).toBe('Neuvola');
  });
});
