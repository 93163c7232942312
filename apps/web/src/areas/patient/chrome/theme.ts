import type { ThemeOverrides } from '@prsp/contracts';

const HEX = /^#([0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] | undefined {
  const m = HEX.exec(hex.trim());
  if (!m) return undefined;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.1 relative luminance of an sRGB colour given as #RRGGBB. */
export function luminance(hex: string): number {
  const rgb = channels(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (one of them always reaches 4.5:1). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/**
 * The organisation's primary colour for text and outlines on a white surface: the colour itself when it
 * reaches 4.5:1 there, else darkened step by step until it does (a light brand colour stays recognisable).
 */
export function accentOnWhite(primary: string): string {
  let rgb = channels(primary);
  if (!rgb) return '#0b4f8a';
  const hex = (c: [number, number, number]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  for (let i = 0; i < 20 && contrastRatio(hex(rgb), '#ffffff') < 4.5; i++) rgb = rgb.map((v) => Math.round(v * 0.9)) as typeof rgb;
  return hex(rgb);
}

/** The CSS variables of an organisation's theme (spec §1 'per-organisation theming'); invalid colours are skipped. */
export function themeVariables(theme: ThemeOverrides | undefined): Record<string, string> {
  if (!theme) return {};
  const vars: Record<string, string> = {};
  const { primary, background } = theme.colors;
  if (channels(primary)) {
    vars['--color-primary'] = primary;
    vars['--color-primary-contrast'] = readableTextOn(primary);
    vars['--color-primary-text'] = accentOnWhite(primary);
  }
  if (channels(background)) {
    vars['--color-background'] = background;
    vars['--color-on-background'] = readableTextOn(background) === '#000000' ? '#1b1f24' : '#ffffff';
  }
  return vars;
}
