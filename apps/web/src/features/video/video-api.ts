import { z } from 'zod/mini';
import { ZIceServer, ZVideoSession } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/video/channels/{id}/session`: how this caller joins this channel's call (minted per request). */
export function fetchVideoSession(channelId: string) {
  return api(`/api/video/channels/${encodeURIComponent(channelId)}/session`, ZVideoSession);
}

const ZIceConfig = z.object({ iceServers: z.array(ZIceServer), iceTransportPolicy: z.enum(['all', 'relay']) });

/** `GET /api/video/ice-servers`: the STUN/TURN servers for the device check's network test. */
export function fetchIceServers() {
  return api('/api/video/ice-servers', ZIceConfig);
}
