import '@/features/messaging/messaging-texts';
import './patient-messages.css';
import { Link } from 'react-router';
import type { Conversation } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { SafeHtml } from '@/components/ui/safe-html';
import { conversationTitle } from '@/features/messaging/conversation-title';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { usePatientContext } from '../patient-state';
import { conversationPath } from './new-message-rules';
import { PATIENT_MESSAGING_KEY, useConversations } from './patient-messaging-api';

function ConversationItem({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <li>
      <Link
        className={conversation.unreadMessages > 0 ? 'item conversation-item unread' : 'item conversation-item'}
        to={conversationPath(conversation)}
      >
        <span className="item-title">{conversationTitle(conversation, lang)}</span>
        <span className="item-meta">
          <time dateTime={conversation.date}>{formatDateTime(conversation.date, lang)}</time>
          {conversation.status === 'closed' && <> · {t('messages.closed')}</>}
        </span>
        {conversation.unreadMessages > 0 && (
          <span className="unread-count">{t('messages.unread', { count: conversation.unreadMessages })}</span>
        )}
      </Link>
    </li>
  );
}

/**
 * Spec §2 'Messages' (asyncMessagingEnabled): back link, title, the organisation's front-page text in the
 * patient's language, 'Message us', and the conversations newest first (refreshed every 5 s), or the empty text.
 * While acting on someone's behalf the server answers with that person's conversations, and the page says so.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('messages.title'));
  const lang = currentLanguage();
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const list = useConversations();
  useMessagingRefresh(PATIENT_MESSAGING_KEY);
  const frontPage = config?.asyncMessagingFrontPage[lang] || '';

  return (
    <>
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1 className="page-title">{t('messages.title')}</h1>
      {config?.actOnBehalf && <p className="notice">{t('messages.actingFor', { name: config.actOnBehalf.name })}</p>}
      <section className="card messages-intro">
        {frontPage && <SafeHtml className="rich-text" html={frontPage} />}
        <Link className="button" to="/messages/new">
          {t('messages.messageUs')}
        </Link>
      </section>
      <section className="card" aria-labelledby="conversations-title">
        <h2 id="conversations-title">{t('messages.listTitle')}</h2>
        {!list.data ? (
          <QueryState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="empty">{t('messages.empty')}</p>
        ) : (
          <ul className="item-list">
            {list.data.map((c) => (
              <ConversationItem key={c.id} conversation={c} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
