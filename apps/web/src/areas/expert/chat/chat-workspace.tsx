import './expert-chat.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { useSocket } from '@/lib/socket';
import { expertChatKeys, useDeskChats } from './expert-chat-api';
import { deskChatName, ExpertChatView } from './expert-chat-view';
import { setDeskUnread } from '../desk-unread';
import { useTranslation } from '@/lib/i18n';

/**
 * The expert's chats, several at once: one button per chat (a new message in another marks it), and the chosen
 * chat below. Every chat stays mounted (hidden when not chosen), so none misses a message or a pending send.
 */
export function ChatWorkspace({
  selected,
  onSelect,
  focusComposer = null,
}: {
  selected: string | null;
  onSelect: (channelId: string) => void;
  /**
   * The chat just taken from a queue: its message box takes the focus once it can be written in. Until the server
   * answered, the desk still showed the chat before it, so what the expert typed went into that chat's composer and
   * was hidden with it (the focus with it) when the taken chat came on screen (issue 32 follow-up).
   */
  focusComposer?: string | null;
}) {
  const { t } = useTranslation();
  const chats = useDeskChats();
  const queryClient = useQueryClient();
  const socket = useSocket();
  // A chat handed to this expert (or any change of one) is told to the expert's own room: the desk looks again.
  useEffect(() => {
    if (!socket) return;
    const changed = () => void queryClient.invalidateQueries({ queryKey: expertChatKeys.chats });
    socket.on('chat:channel', changed);
    return () => {
      socket.off('chat:channel', changed);
    };
  }, [socket, queryClient]);
  const [unread, setUnread] = useState<ReadonlySet<string>>(() => new Set());
  const list = chats.data ?? [];
  const current = list.find((c) => c.channel.id === selected) ?? list[0];
  // A chat chosen (a tab, or a patient just taken from a queue) is brought wholly into view: the spec's chat height
  // is the window's less the header, so the thread and the composer (or the call) then fill the window.
  const shownOnce = useRef(false);
  const currentId = current?.channel.id;
  useEffect(() => {
    if (!shownOnce.current) {
      shownOnce.current = currentId !== undefined;
      return;
    }
    document.querySelector(`[data-chat-body="${currentId}"] > :first-child`)?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId, selected]);
  // The header shows how many chats have news; a chat that left the desk has none, and the desk gone, none at all.
  const unreadCount = list.filter((c) => unread.has(c.channel.id) && c !== current).length;
  useEffect(() => setDeskUnread(unreadCount), [unreadCount]);
  useEffect(() => () => setDeskUnread(0), []);
  const markUnread = useCallback((id: string) => setUnread((prev) => (prev.has(id) ? prev : new Set(prev).add(id))), []);

  return (
    <section className="card chat-workspace" aria-labelledby="workspace-title">
      <h2 id="workspace-title">{t('expert.chat.workspace.title')}</h2>
      {!chats.data ? (
        <QueryState error={chats.error} onRetry={() => void chats.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty">{t('expert.chat.workspace.none')}</p>
      ) : (
        <>
          <ul className="chat-tabs" aria-label={t('expert.chat.workspace.list')}>
            {list.map((c) => {
              const id = c.channel.id;
              return (
                <li key={id}>
                  <button
                    type="button"
                    className="chat-tab"
                    aria-current={c === current ? 'true' : undefined}
                    onClick={() => {
                      onSelect(id);
                      setUnread((prev) => {
                        const next = new Set(prev);
                        next.delete(id);
                        return next;
                      });
                    }}
                  >
                    {deskChatName(c, t)}
                    {unread.has(id) && c !== current && <span className="badge">{t('expert.chat.workspace.newMessage')}</span>}
                    {c.gone && <span className="muted"> ({t('expert.chat.workspace.ended')})</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          {list.map((c) => (
            <div key={c.channel.id} hidden={c !== current}>
              <ExpertChatView
                desk={c}
                active={c === current}
                takeFocus={c.channel.id === focusComposer}
                onActivity={() => markUnread(c.channel.id)}
              />
            </div>
          ))}
        </>
      )}
    </section>
  );
}
