import { describe, expect, test } from 'vitest';
import type { FeatureFlags } from '@prsp/contracts';
import { defaultOrganisationContent } from './default-content';
import { organisationIssues } from './organisation-rules';

const flags = { finnishEnabled: true, swedishEnabled: false, englishEnabled: false } as FeatureFlags;
const link = { text: 'Terveyskeskus', url: 'https://example.fi' };
const button = (id: string) => ({ id, details: { fi: link, se: link, en: link } });

describe('organisation cross-field rules', () => {
  test('the defaults pass', () => {
    expect(organisationIssues(defaultOrganisationContent('Testi'), flags)).toEqual([]);
  });

  test('shown buttons must be defined ones, and the primary one must be shown', () => {
    const content = {
      ...defaultOrganisationContent('Testi'),
      redirectionButtons: [button('a'), button('b')],
      redirectionSelectedButtons: ['a', 'x'],
      redirectionPrimaryButtons: ['b'],
    };
    expect(organisationIssues(content, flags)).toEqual([
      { field: 'redirectionSelectedButtons.1', key: 'invalid' },
      { field: 'redirectionPrimaryButtons.0', key: 'redirectionButtons' },
    ]);
  });

  test('button ids are unique', () => {
    const content = { ...defaultOrganisationContent('Testi'), redirectionButtons: [button('a'), button('a')] };
    expect(organisationIssues(content, flags)).toEqual([{ field: 'redirectionButtons', key: 'invalid' }]);
  });

  test('at least one language stays on', () => {
    const none = { ...flags, finnishEnabled: false };
    expect(organisationIssues(defaultOrganisationContent('Testi'), none)).toEqual([{ field: 'finnishEnabled', key: 'invalid' }]);
  });
});
