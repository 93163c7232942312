import { describe, expect, it } from 'vitest';
import { accentOnWhite, contrastRatio, readableTextOn, themeVariables } from './theme';

describe('organisation theme', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#0b4f8a', '#ffffff')).toBeGreaterThan(4.5);
  });

  it('picks black or white text that keeps 4.5:1 on any primary colour', () => {
    for (const primary of ['#0b4f8a', '#1e6b3a', '#ffd700', '#ffffff', '#000000', '#777777', '#ff0000', '#00ffff', '#808080']) {
      const text = readableTextOn(primary);
      expect(contrastRatio(primary, text)).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#ffd700')).toBe('#000000');
    expect(readableTextOn('#0b4f8a')).toBe('#ffffff');
  });

  it('darkens a light primary until it reads on white, keeps a dark one', () => {
    expect(accentOnWhite('#0b4f8a')).toBe('#0b4f8a');
    const gold = accentOnWhite('#ffd700');
    expect(contrastRatio(gold, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('sets the CSS variables and skips colours that are not #RRGGBB', () => {
    const theme = { logoUrl: null, logoUrls: { fi: null, se: null, en: null }, backgroundUrl: null };
    expect(themeVariables({ ...theme, colors: { primary: '#FFD700', background: '#F2F6FA' } })).toMatchObject({
      '--color-primary': '#FFD700',
      '--color-primary-contrast': '#000000',
      '--color-background': '#F2F6FA',
    });
    expect(themeVariables({ ...theme, colors: { primary: 'red;}', background: 'url(x)' } })).toEqual({});
    expect(themeVariables(undefined)).toEqual({});
  });
});
