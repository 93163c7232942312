import { describe, expect, test } from 'vitest';
import type { PatientConfig } from '@prsp/contracts';
import { organisationNameIn } from './organisation-name';

describe('organisationNameIn (issue 28)', () => {
  test('the name in the shown language', () => {
    const config = { name: 'Vantaa', names: { fi: 'Vantaa', se: 'Vanda', en: 'Vantaa' } } as PatientConfig;
    expect(organisationNameIn(config, 'se')).toBe('Vanda');
    expect(organisationNameIn(config, 'en')).toBe('Vantaa');
  });
});
