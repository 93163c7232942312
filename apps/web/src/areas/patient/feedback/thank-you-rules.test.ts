import { describe, expect, it } from 'vitest';
import type { RedirectionButton } from '@prsp/contracts';
import { linksExpanded, shownButtons } from './thank-you-rules';

const button = (id: string, text = id): RedirectionButton => ({
  id,
  details: { fi: { text, url: `https://example.fi/${id}` }, se: { text: '', url: '' }, en: { text, url: `https://example.com/${id}` } },
});

describe('linksExpanded', () => {
  it('shows lists of fewer than 4 links open (spec §9)', () => {
    expect(linksExpanded(0)).toBe(true);
    expect(linksExpanded(3)).toBe(true);
    expect(linksExpanded(4)).toBe(false);
    expect(linksExpanded(12)).toBe(false);
  });
});

describe('shownButtons', () => {
  const buttons = [button('a'), button('b'), button('c')];

  it('shows the selected buttons in their order, the primary one marked', () => {
    const shown = shownButtons(
      { redirectionButtons: buttons, redirectionSelectedButtons: ['c', 'a'], redirectionPrimaryButtons: ['a'] },
      'fi',
    );
    expect(shown).toEqual([
      { id: 'c', link: { text: 'c', url: 'https://example.fi/c' }, primary: false },
      { id: 'a', link: { text: 'a', url: 'https://example.fi/a' }, primary: true },
    ]);
  });

  it('shows none when none is selected, and never more than 2', () => {
    expect(shownButtons({ redirectionButtons: buttons, redirectionSelectedButtons: [], redirectionPrimaryButtons: [] }, 'en')).toEqual([]);
    const three = { redirectionButtons: buttons, redirectionSelectedButtons: ['a', 'b', 'c'], redirectionPrimaryButtons: [] };
    expect(shownButtons(three, 'en').map((b) => b.id)).toEqual(['a', 'b']);
  });

  it('leaves out removed buttons and those with no text in the language', () => {
    const config = { redirectionButtons: buttons, redirectionSelectedButtons: ['gone', 'b'], redirectionPrimaryButtons: ['b'] };
    expect(shownButtons(config, 'en').map((b) => b.id)).toEqual(['b']);
    expect(shownButtons(config, 'se')).toEqual([]);
  });
});
