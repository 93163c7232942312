import { CHAT_LIMITS, ZChatChannel, ZChatMessage, ZFileLink, ZMessagesPage, type ChatMessage } from '@prsp/contracts';
import { api, apiForm } from '@/lib/api-client';

/** The chat's cache keys: a page invalidates a channel after a socket event says it changed. */
export const chatKeys = {
  channel: (id: string) => ['chat', 'channel', id] as const,
};

const channelPath = (id: string) => `/api/chat/channels/${encodeURIComponent(id)}`;

/** `GET /api/chat/channels/{id}`: the channel as its members (and the experts of its queue) see it. */
export function fetchChannel(id: string) {
  return api(channelPath(id), ZChatChannel);
}

/**
 * Every stored message after `after`, page by page: what a page missed while it was away (a reconnect, a
 * reload). The socket is never the only way a message arrives.
 */
export async function fetchMessagesAfter(id: string, after: number): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let from = after;
  for (;;) {
    const page = await api(`${channelPath(id)}/messages?after=${from}`, ZMessagesPage);
    all.push(...page.messages);
    if (page.messages.length < CHAT_LIMITS.pageMessages) return all;
    from = page.messages[page.messages.length - 1]!.seq;
  }
}

/** `POST /api/chat/channels/{id}/files`: the client's id first, then the file (the server reads them in order). */
export function uploadChatFile(channelId: string, clientId: string, file: File) {
  const form = new FormData();
  form.append('id', clientId);
  form.append('file', file, file.name);
  return apiForm(`${channelPath(channelId)}/files`, ZChatMessage, form);
}

/**
 * Opens a chat file in a new tab through a short-lived signed link (`GET /api/ninchat/file`, spec §3 'Download
 * response'). The tab is opened before the link is asked for, while the click still counts as the user's, so no
 * popup blocker stops it; without a tab the link is followed here (it is served as an attachment, so the page stays).
 * Rejects, closing the empty tab, when the link cannot be had.
 */
export async function openChatFile(fileId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { file_url } = await api(`/api/ninchat/file?id=${encodeURIComponent(fileId)}`, ZFileLink);
    const url = new URL(file_url, location.href).href;
    if (!tab) return location.assign(url);
    tab.opener = null;
    tab.location.href = url;
  } catch (err) {
    tab?.close();
    throw err;
  }
}
