import { PAGE_ANSWERS_ID } from '@prsp/contracts';

/**
 * Answers the server wrote into the page for the patient app's first render (the session, onboarding status and
 * config; apps/server/src/plugins/page-answers.ts). Each stands in for the first GET of its path, once, and only
 * while the page is new: after that the app asks the API as always.
 */
/** Long enough for a slow phone to fetch and run the first page's scripts; a page open longer asks the API again. */
export const PAGE_ANSWER_MAX_AGE_MS = 30_000;

const answers = read();

function read(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  if (!element) return new Map();
  element.remove();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent ?? '') as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** Whether the page came with answers (the patient app then asks its guards' questions before its first render). */
export function hasPageAnswers(): boolean {
  return answers.size > 0 && performance.now() < PAGE_ANSWER_MAX_AGE_MS;
}

/** The page's answer for `path` (an API envelope), handed out once; undefined when there is none or it has aged. */
export function takePageAnswer(path: string): unknown {
  const answer = answers.get(path);
  answers.delete(path);
  return performance.now() < PAGE_ANSWER_MAX_AGE_MS ? answer : undefined;
}
