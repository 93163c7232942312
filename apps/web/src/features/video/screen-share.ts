type NavigatorLike = {
  mediaDevices?: { getDisplayMedia?: unknown };
  userAgent?: string;
  userAgentData?: { mobile?: boolean };
};

/**
 * Whether this browser can share the screen, so 'share screen' is only offered where it works: it needs
 * `getDisplayMedia`, which phone browsers (Android Chrome, iOS Safari) do not have. A phone that reports the
 * function anyway (a desktop mode, an emulator) still cannot pick a screen, so a mobile browser is left out too.
 */
export function canShareScreen(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (typeof nav?.mediaDevices?.getDisplayMedia !== 'function') return false;
  const mobile = nav.userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobi/i.test(nav.userAgent ?? '');
  return !mobile;
}
