import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRESENCE_ACTIVITY_SECONDS, PRESENCE_HEARTBEAT_SECONDS } from '@prsp/contracts';
import { useSocket } from '@/lib/socket';
import { OWN_PRESENCE_KEY } from './presence-api';

/** What counts as using the app: a key, a click or touch, a scroll (not the pointer merely passing). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * While the expert app is open and signed in (issue 32): a heartbeat on the socket every PRESENCE_HEARTBEAT_SECONDS
 * (and at once on each connect), saying whether the expert used the app since the last one; the first use after
 * PRESENCE_ACTIVITY_SECONDS without any is sent at once, so coming back from 'away' shows without waiting. A
 * `presence:changed` for the user refetches their own presence (another tab chose a status, the server saw them idle).
 */
export function usePresenceHeartbeat(enabled: boolean): void {
  const socket = useSocket(undefined, { enabled });
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let usedSince = true;
    let lastSentActive = 0;
    const send = () => {
      if (!socket.connected) return;
      const active = usedSince;
      usedSince = false;
      if (active) lastSentActive = Date.now();
      socket.emit('presence:heartbeat', { active });
    };
    const onUse = () => {
      usedSince = true;
      if (Date.now() - lastSentActive > PRESENCE_ACTIVITY_SECONDS * 1000) send();
    };
    const onConnect = () => {
      usedSince = true;
      send();
    };
    const onChanged = () => void client.invalidateQueries({ queryKey: OWN_PRESENCE_KEY });
    socket.on('connect', onConnect);
    socket.on('presence:changed', onChanged);
    if (socket.connected) onConnect();
    const timer = setInterval(send, PRESENCE_HEARTBEAT_SECONDS * 1000);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onUse, { passive: true, capture: true });
    return () => {
      clearInterval(timer);
      socket.off('connect', onConnect);
      socket.off('presence:changed', onChanged);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onUse, { capture: true });
    };
  }, [socket, client]);
}
