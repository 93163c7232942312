import '@/features/messaging/messaging-texts';
import './patient-messages.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ConversationMessage } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { conversationTitle } from '@/features/messaging/conversation-title';
import { MessageComposer } from '@/features/messaging/message-composer';
import { MessageThread } from '@/features/messaging/message-thread';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { usePatientContext } from '../patient-state';
import { showReplyBanner, withAppended } from './new-message-rules';
import { PATIENT_MESSAGING_KEY, useConversationThread, useMarkRead, useSendReply } from './patient-messaging-api';

/**
 * Spec §2 'Conversation' and §4 'Conversation reply': the subject (or category and subcategory names), the thread,
 * an info banner when the last message is not the patient's (the organisation's `asyncMessagingNewMessageBanner`, else
 * a built-in text), and Reply, which opens the composer (Discard closes
 * it). Reply is disabled for a subcategory conversation (a request) and for an ended one. Sent items are appended
 * at once; the thread refreshes every 5 s and on `messages:changed`, and unread messages are marked read.
 * Routes: `/messages/:conversationId` (direct) and `/messages/subcategory/:subId/:conversationId` (request).
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { conversationId = '', subId } = useParams();
  const ctx = usePatientContext();
  const actingFor = ctx.phase === 'ready' ? ctx.config?.actOnBehalf : null;
  // The organisation's own banner (admin: messages' customizable content), in Finnish when not in the patient's language.
  const ownBanner = ctx.phase === 'ready' ? ctx.config?.asyncMessagingNewMessageBanner : undefined;
  const banner = (ownBanner && (ownBanner[lang] || ownBanner.fi)) || t('messages.conversation.banner');
  const thread = useConversationThread({ id: conversationId, ...(subId ? { subcategoryId: subId } : {}) });
  const send = useSendReply(conversationId);
  const markRead = useMarkRead();
  const [composing, setComposing] = useState(false);
  const [appended, setAppended] = useState<ConversationMessage[]>([]);
  const replyButton = useRef<HTMLButtonElement>(null);
  useMessagingRefresh(PATIENT_MESSAGING_KEY);

  const conversation = thread.data?.conversation;
  const messages = withAppended(thread.data?.messages ?? [], appended);
  const title = conversation ? conversationTitle(conversation, lang) : t('messages.title');
  usePageTitle(title);

  // Reading the thread marks the others' messages read (once per arrival of unread ones).
  const unread = thread.data?.messages.filter((m) => !m.isOwn && !m.isRead).length ?? 0;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (unread > 0) mark(conversationId);
  }, [unread, conversationId, mark]);

  const closeComposer = () => {
    setComposing(false);
    // Back to where the patient was, so the keyboard focus is not lost with the composer.
    setTimeout(() => replyButton.current?.focus());
  };

  const notFound = thread.error instanceof ApiError && (thread.error.statusCode === 404 || thread.error.statusCode === 403);

  return (
    <>
      <Link to="/messages" className="back-link">
        {t('messages.back')}
      </Link>
      <h1 className="page-title">{title}</h1>
      {actingFor && <p className="notice">{t('messages.actingFor', { name: actingFor.name })}</p>}
      {!thread.data ? (
        notFound ? (
          <p className="alert" role="alert">
            {t('messages.conversation.notFound')}
          </p>
        ) : (
          <QueryState error={thread.error} onRetry={() => void thread.refetch()} />
        )
      ) : (
        <section className="card" aria-labelledby="thread-title">
          <h2 id="thread-title" className="visually-hidden">
            {t('messaging.thread.label')}
          </h2>
          <MessageThread app="patient" messages={messages} />
          {showReplyBanner(messages) && (
            <p className="info-banner conversation-banner" role="note">
              {banner}
            </p>
          )}
          {!composing && (
            <div className="conversation-actions">
              <button
                ref={replyButton}
                type="button"
                className="button"
                disabled={!conversation?.canReply}
                aria-describedby={conversation?.canReply ? undefined : 'reply-note'}
                onClick={() => setComposing(true)}
              >
                {t('messages.conversation.reply')}
              </button>
              {!conversation?.canReply && (
                <p id="reply-note" className="hint">
                  {conversation?.kind === 'request' ? t('messages.conversation.requestNote') : t('messages.conversation.closedNote')}{' '}
                  {conversation?.kind === 'request' && <Link to="/messages/new">{t('messages.messageUs')}</Link>}
                </p>
              )}
            </div>
          )}
          {composing && (
            <MessageComposer
              label={t('messages.conversation.replyLabel')}
              autoFocus
              onDiscard={closeComposer}
              onSend={(draft) =>
                send.mutateAsync(draft).then((result) => {
                  setAppended((list) => [...list, ...result.messages]);
                  showToast(t('messages.conversation.sent'));
                  closeComposer();
                })
              }
            />
          )}
        </section>
      )}
    </>
  );
}
