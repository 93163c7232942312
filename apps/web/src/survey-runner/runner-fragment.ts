import { DEFAULT_LANGUAGE, toLanguage, type Language } from '@prsp/contracts';

export type RunnerStart = { token: string | null; lang: Language; primary: string; background: string };

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * What the page around the frame put in the fragment (`#token=…&lang=…&primary=…&background=…`): the token, the
 * language (`sv` is Swedish) and the organisation's colours, each checked; what does not fit is left out.
 */
export function readFragment(hash: string): RunnerStart {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  const colour = (name: string) => {
    const value = params.get(name) ?? '';
    return HEX.test(value) ? value : '';
  };
  return {
    token: token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null,
    lang: toLanguage(params.get('lang')) ?? DEFAULT_LANGUAGE,
    primary: colour('primary'),
    background: colour('background'),
  };
}
