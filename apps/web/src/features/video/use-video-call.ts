import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSocket } from '@/lib/socket';
import { VideoCall } from './video-call';

/**
 * The video call of a channel for as long as the calling component is mounted: leaving the page (or the chat)
 * leaves the call. The call itself (video-call.ts) runs the state machine idle → joining → in-call →
 * reconnecting → left; `join` starts it (after a click, so the browser lets its sound play).
 */
export function useVideoCall(channelId: string) {
  const socket = useSocket();
  // Making a call touches nothing (no media, no socket events) until `join`.
  const call = useMemo(() => (socket ? new VideoCall(socket, channelId) : null), [socket, channelId]);
  useEffect(() => {
    if (!call) return;
    const leaveOnClose = () => call.dispose();
    window.addEventListener('pagehide', leaveOnClose);
    return () => {
      window.removeEventListener('pagehide', leaveOnClose);
      call.dispose();
    };
  }, [call]);
  const state = useSyncExternalStore(
    (l) => (call ? call.subscribe(l) : () => undefined),
    () => (call ? call.getSnapshot() : null),
  );
  return { call, state };
}
