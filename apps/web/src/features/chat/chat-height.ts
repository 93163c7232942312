import { useSyncExternalStore } from 'react';
import { CHAT_LIMITS } from '@prsp/contracts';

/** Spec §9: the header is 56 px high on a phone and 80 px on a desktop (the same breakpoint as the stylesheet's). */
const HEADER_MOBILE = 56;
const HEADER_DESKTOP = 80;
const DESKTOP_MIN_WIDTH = 768;
const MARGIN = 40;

/** Spec §9 chat height: the viewport minus the header minus 40 px, kept between 450 and 700 px. */
export function chatHeight(viewportWidth: number, viewportHeight: number): number {
  const header = viewportWidth >= DESKTOP_MIN_WIDTH ? HEADER_DESKTOP : HEADER_MOBILE;
  return Math.min(CHAT_LIMITS.chatHeightMax, Math.max(CHAT_LIMITS.chatHeightMin, viewportHeight - header - MARGIN));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The chat area's height in pixels for the window as it is now, following resizes and rotations. */
export function useChatHeight(): number {
  return useSyncExternalStore(subscribe, () => chatHeight(window.innerWidth, window.innerHeight));
}
