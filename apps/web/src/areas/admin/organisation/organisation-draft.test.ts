import { describe, expect, test } from 'vitest';
import { CREATE_JSON_FIELDS, newOrganisationDraft, SETTINGS_TEXT_FIELDS, toFormData, validateDraft } from './organisation-draft';
import { imageSizeError } from './image-check';
import { parsePostalCodes } from './sections/area-section';
import { contrastRatio, textOn } from './theme-colours';

function filledDraft() {
  const draft = newOrganisationDraft();
  draft.text.organizationName = 'Testikunta';
  draft.text.contactPerson = 'Testi Henkilö';
  draft.text.contactPersonEmail = 'yhteys@testikunta.example';
  draft.json.privacyStatementUrl = {
    fi: { url: 'https://testikunta.example/tietosuoja', name: 'Tietosuoja' },
    se: { url: 'https://testikunta.example/dataskydd', name: 'Dataskydd' },
    en: { url: 'https://testikunta.example/privacy', name: 'Privacy' },
  };
  return draft;
}

describe('the organisation form (spec §3, §5)', () => {
  test('a complete new organisation passes the contract rules', () => {
    expect(validateDraft(filledDraft(), { text: SETTINGS_TEXT_FIELDS, json: ['privacyStatementUrl', 'areas'] })).toEqual({});
  });

  test('name, contact person, e-mail, colours and the privacy statement per language are checked', () => {
    const draft = filledDraft();
    draft.text.organizationName = ' ';
    draft.text.contactPersonEmail = 'not-an-address';
    draft.text.primaryColor = '#12345';
    draft.json.privacyStatementUrl.se = { url: 'ftp://x', name: '' };
    expect(validateDraft(draft, { text: SETTINGS_TEXT_FIELDS, json: ['privacyStatementUrl'] })).toEqual({
      organizationName: 'required',
      contactPersonEmail: 'email',
      primaryColor: 'colour',
      'privacyStatementUrl.se.url': 'url',
      'privacyStatementUrl.se.name': 'required',
    });
  });

  test('the multipart body has the text fields, the 14 flags as true/false and JSON-string fields', () => {
    const draft = filledDraft();
    const form = toFormData(draft, { id: '00000000-0000-4000-8000-000000000001', json: CREATE_JSON_FIELDS });
    expect(form.get('id')).toBe('00000000-0000-4000-8000-000000000001');
    expect(form.get('organizationName')).toBe('Testikunta');
    // The chat platform keys configured nothing and are gone (issue 28).
    expect([...form.keys()].filter((k) => k.startsWith('ninchat'))).toEqual([]);
    expect(form.get('bookingsEnabled')).toBe('true');
    expect(form.get('actingEnabled')).toBe('false');
    expect(JSON.parse(form.get('privacyStatementUrl') as string)).toEqual(draft.json.privacyStatementUrl);
    expect(form.has('thankYouText')).toBe(false);
  });

  test('a chosen logo is sent as a file; removing the background sends null', () => {
    const draft = filledDraft();
    draft.files.logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    draft.removeBackground = true;
    const form = toFormData(draft, {});
    expect(form.get('logo')).toBeInstanceOf(File);
    expect(form.get('background')).toBe('null');
    expect(JSON.parse(form.get('thankYouText') as string)).toEqual({ fi: '', se: '', en: '' });
  });

  test('a content page sends only what it edits, so the rest stays as stored', () => {
    const form = toFormData(filledDraft(), { id: 'x', text: [], json: ['chatCodesInfo'], flagsAndImages: false });
    expect([...form.keys()]).toEqual(['id', 'chatCodesInfo']);
  });

  test('images must have the shape of spec §9 (the server scales them to its size)', () => {
    expect(imageSizeError('logo', 256, 128)).toBeUndefined();
    expect(imageSizeError('logoEn', 512, 256)).toBeUndefined();
    expect(imageSizeError('logoEn', 256, 160)).toMatch(/^imageSizeWas\?width=256&height=160&/);
    expect(imageSizeError('background', 1920, 1080)).toBeUndefined();
    expect(imageSizeError('background', 1080, 1080)).toMatch(/^imageSizeWas\?width=1080&height=1080&/);
  });

  test('postal codes are read from commas, spaces and new lines, without repeats', () => {
    expect(parsePostalCodes('02100, 02150\n02100 ;02200')).toEqual(['02100', '02150', '02200']);
    expect(parsePostalCodes('  ')).toEqual([]);
  });

  test('the live preview picks readable text for the chosen colours', () => {
    expect(textOn('#0b4f8a')).toBe('#ffffff');
    expect(textOn('#f2f6fa')).toBe('#1b1f24');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
  });
});
