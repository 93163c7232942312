/** Relative luminance of an sRGB colour (WCAG 2.1), from `#RRGGBB`. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on a coloured surface: white or near-black, whichever reads better. */
export function textOn(hex: string): '#ffffff' | '#1b1f24' {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return '#ffffff';
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#1b1f24') ? '#ffffff' : '#1b1f24';
}
