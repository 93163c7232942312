import { languageTag, SURVEY_RUNNER_PATH, ZSurveyFrameMessage, type SurveyFrameMessage } from '@prsp/contracts';
import type { Language } from '@prsp/contracts';

/** What the page knows about the frame it made: its window, and the origin the runner was loaded from. */
export type FrameIdentity = { window: MessageEventSource | null; runnerOrigin: string };

/**
 * A message from the survey frame, or null when it is not one to act on. All three must hold: it comes from the
 * frame's own window (not another frame or a window that opened us), from the sandbox's opaque origin (`null`) or
 * the runner's origin, and it fits the message schema. The origin alone proves nothing: every sandboxed frame
 * anywhere posts as `null`.
 */
export function acceptFrameMessage(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  frame: FrameIdentity,
): SurveyFrameMessage | null {
  if (!frame.window || event.source !== frame.window) return null;
  if (event.origin !== 'null' && event.origin !== frame.runnerOrigin) return null;
  const parsed = ZSurveyFrameMessage.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** The runner's origin from the token response's address, or null when it is not an http(s) address of the runner. */
export function runnerOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.pathname === SURVEY_RUNNER_PATH ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The frame's address: the runner with the token, the language (Swedish is `sv` to the survey, spec §1) and the
 * organisation's colours in the fragment, which never reaches a server or a log.
 */
export function frameSource(url: string, token: string, lang: Language, theme: { primaryColor: string; backgroundColor: string }): string {
  const fragment = new URLSearchParams({
    token,
    lang: languageTag(lang),
    primary: theme.primaryColor,
    background: theme.backgroundColor,
  });
  return `${url.split('#')[0]}#${fragment.toString()}`;
}
