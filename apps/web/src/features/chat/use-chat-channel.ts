import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useState, useSyncExternalStore } from 'react';
import type { ChannelStatus, ChatMessage } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';
import { useSocket, useSocketConnected, type AppSocket } from '@/lib/socket';
import { chatKeys, fetchChannel, fetchMessagesAfter, uploadChatFile } from './chat-api';
import { lastSeqOf, othersReadSeq, type PendingMessage } from './chat-log';
import { createChatStore, type ChatStore } from './chat-store';
import { createTypingThrottle } from './typing-throttle';
import { usePageVisible } from './use-page-visible';

/** How long an acknowledgement may take before the message is sent again (the server answers a repeat once). */
const ACK_MS = 10_000;
/** A waiting patient's position is asked again this often besides the live events (spec §9: lists every 5 s). */
const WAITING_REFRESH_MS = 5_000;

/** The server's 'no' (gone, or not yours), as opposed to a failure to reach it. */
const refused = (err: unknown) => err instanceof ApiError && (err.statusCode === 403 || err.statusCode === 404);

/** Emits `chat:send` until the server answers: on a timeout it tries again while connected, else the reconnect resends. */
function emitSend(socket: AppSocket, channelId: string, store: ChatStore, p: Pick<PendingMessage, 'id' | 'text'>): void {
  socket.timeout(ACK_MS).emit('chat:send', { channelId, id: p.id, text: p.text }, (err, ack) => {
    if (err) {
      if (socket.connected && store.isPending(p.id)) emitSend(socket, channelId, store, p);
      return;
    }
    if (ack.ok) store.acknowledge(p.id, ack.data);
    else store.fail(p.id);
  });
}

/**
 * One chat channel for a page of either area: the channel (HTTP, refetched when the socket says it changed), its
 * messages by `seq`, sending with the client's own ids, typing and read marks.
 *
 * Nothing is lost: on every (re)connect the page joins the channel's room, then fetches the messages after the
 * last it holds, then sends again whatever was not acknowledged (with the same ids, which the server answers
 * once). `active`: the chat is on screen (an expert's other tabs are not), so its messages count as read.
 */
export function useChatChannel(channelId: string, opts: { active?: boolean; token?: string } = {}) {
  const active = opts.active ?? true;
  const queryClient = useQueryClient();
  const socket = useSocket(opts.token);
  const connected = useSocketConnected(socket);
  const visible = usePageVisible();
  const [store] = useState(createChatStore);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const channel = useQuery({
    queryKey: chatKeys.channel(channelId),
    queryFn: () => fetchChannel(channelId),
    refetchInterval: (q) => (q.state.data?.status === 'waiting' ? WAITING_REFRESH_MS : false),
  });
  const queueId = channel.data?.queueId;

  const refetchChannel = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.channel(channelId) }),
    [queryClient, channelId],
  );
  const queueChanged = useEffectEvent((changed: string) => {
    if (changed === queueId) refetchChannel();
  });

  useEffect(() => () => store.dispose(), [store]);

  useEffect(() => {
    if (!socket) return;
    let alive = true;
    const catchUp = () =>
      fetchMessagesAfter(channelId, store.lastSeq())
        .then((messages) => {
          if (!alive) return;
          store.receive(messages);
          for (const p of store.toResend()) emitSend(socket, channelId, store, p);
        })
        .catch(() => undefined);
    const join = () =>
      socket.timeout(ACK_MS).emit('chat:join', { channelId }, (err, ack) => {
        if (!alive) return;
        if (err) {
          if (socket.connected) join();
          return;
        }
        if (!ack.ok) return store.refuseJoin();
        refetchChannel();
        void catchUp();
      });
    const onMessage = (m: ChatMessage) => {
      if (m.channelId === channelId) store.receive([m]);
    };
    const onTyping = (e: { channelId: string; userId: string; name: string; typing: boolean }) => {
      if (e.channelId === channelId) store.typing({ userId: e.userId, name: e.name }, e.typing);
    };
    const onRead = (e: { channelId: string; userId: string; seq: number }) => {
      if (e.channelId === channelId) store.read(e.userId, e.seq);
    };
    const onChannel = (e: { channelId: string; status: ChannelStatus }) => {
      if (e.channelId === channelId) refetchChannel();
    };
    const onQueue = (e: { queueId: string }) => queueChanged(e.queueId);

    socket.on('connect', join);
    socket.on('chat:message', onMessage);
    socket.on('chat:typing', onTyping);
    socket.on('chat:read', onRead);
    socket.on('chat:channel', onChannel);
    socket.on('queue:changed', onQueue);
    if (socket.connected) join();
    return () => {
      alive = false;
      socket.off('connect', join);
      socket.off('chat:message', onMessage);
      socket.off('chat:typing', onTyping);
      socket.off('chat:read', onRead);
      socket.off('chat:channel', onChannel);
      socket.off('queue:changed', onQueue);
    };
  }, [socket, channelId, store, refetchChannel]);

  // Read marks: the last message counts as read while the chat is on screen and the page is visible.
  const lastSeq = lastSeqOf(snapshot.log.messages);
  useEffect(() => {
    if (socket && connected && active && visible && store.claimRead(lastSeq)) socket.emit('chat:read', { channelId, seq: lastSeq });
  }, [socket, connected, active, visible, lastSeq, store, channelId]);

  const throttle = useMemo(
    () => (socket ? createTypingThrottle((typing) => socket.connected && socket.emit('chat:typing', { channelId, typing })) : null),
    [socket, channelId],
  );
  useEffect(() => () => throttle?.stop(), [throttle]);

  const send = useCallback(
    (text: string) => {
      const message = { id: crypto.randomUUID(), text, createdAt: Date.now() };
      store.addPending(message);
      throttle?.stop();
      if (socket?.connected) emitSend(socket, channelId, store, message);
    },
    [socket, channelId, store, throttle],
  );
  const retry = useCallback(
    (p: PendingMessage) => {
      store.retry(p.id);
      if (socket?.connected) emitSend(socket, channelId, store, p);
    },
    [socket, channelId, store],
  );
  const upload = useCallback(
    async (file: File) => store.receive([await uploadChatFile(channelId, crypto.randomUUID(), file)]),
    [channelId, store],
  );

  const me = channel.data?.me.userId ?? '';
  return {
    channel: channel.data,
    /**
     * The chat is not available: the channel could not be loaded at all, the server says it is gone or not this
     * user's, or refused to let the user join. A failed refetch of a channel already on screen (a short outage)
     * is not: the page says it is reconnecting and carries on.
     */
    failed: snapshot.joinRefused || (channel.isError && (!channel.data || refused(channel.error))),
    connected,
    messages: snapshot.log.messages,
    pending: snapshot.log.pending,
    /** Own messages up to this `seq` have been read by someone else. */
    readUpTo: channel.data ? othersReadSeq(channel.data.members, me, snapshot.reads) : 0,
    // Nobody writes in a channel that is not open (a writer who left mid-sentence is not shown writing on).
    typingNames: channel.data?.status === 'active' ? snapshot.typing.filter((u) => u.userId !== me).map((u) => u.name) : [],
    send,
    retry,
    upload,
    typing: () => throttle?.input(),
  };
}

export type ChatChannelState = ReturnType<typeof useChatChannel>;
