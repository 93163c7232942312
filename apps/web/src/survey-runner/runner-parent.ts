import { SURVEY_FRAME_MIN_HEIGHT, SURVEY_FRAME_RESIZE_DEBOUNCE_MS, type SurveyFrameMessage } from '@prsp/contracts';

/**
 * Posts to the page around the frame. Only the app's own pages may frame the runner (its `frame-ancestors 'self'`),
 * so the parent's origin is the runner address's own: `location.origin` is the address's origin even in the sandbox,
 * where the document's own origin is opaque. A message never goes to `*`.
 */
export function postToParent(message: SurveyFrameMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, location.origin);
}

/**
 * Tells the parent the content's height whenever it may have changed, at most every 300 ms (spec §9) and never below
 * the frame's minimum. The content element is measured, not the document, which is never shorter than the frame.
 * Changes are noticed by a ResizeObserver (wrapping, images, the frame's width) and a MutationObserver (questions
 * shown or hidden, errors): the latter needs no rendering step, which a browser may skip for a frame it throttles.
 */
export function reportHeight(content: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  const send = () => {
    // From the document's top to the content's end, so whatever stands above it is counted too.
    const height = Math.max(SURVEY_FRAME_MIN_HEIGHT, Math.ceil(content.getBoundingClientRect().bottom + window.scrollY));
    if (height === last) return;
    last = height;
    postToParent({ type: 'resize', height });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(send, SURVEY_FRAME_RESIZE_DEBOUNCE_MS);
  };
  const resized = new ResizeObserver(schedule);
  resized.observe(content);
  const changed = new MutationObserver(schedule);
  changed.observe(content, { childList: true, subtree: true, characterData: true, attributes: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    clearTimeout(timer);
    resized.disconnect();
    changed.disconnect();
    window.removeEventListener('resize', schedule);
  };
}
