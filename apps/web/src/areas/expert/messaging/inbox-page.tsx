import './expert-messages.css';
import { useNavigate, useSearchParams } from 'react-router';
import type { Category, ExpertConversation } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { FormAlert } from '@/components/ui/form-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ConversationTable } from './conversation-table';
import { ConversationView } from './conversation-view';
import { expertMessagingKeys, useCategoryRequests, useExpertCategories } from './expert-messaging-api';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';

const HERE = '/expert/messages/inbox';

function requestHref(row: ExpertConversation): string {
  const q = new URLSearchParams({ id: row.id });
  if (row.subcategoryId) q.set('sub', row.subcategoryId);
  return `${HERE}?${q.toString()}`;
}

/** One category's unanswered requests, refreshed every 5 s. */
function CategoryRequests({ category }: { category: Category }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const requests = useCategoryRequests(category.id);
  const name = category.name[lang] || category.name.fi;
  const headingId = `inbox-${category.id}`;
  return (
    <section className="card inbox-category" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {name}
        {requests.data && requests.data.length > 0 && (
          <span className="badge unread">{t('expert.messages.inbox.waiting', { count: requests.data.length })}</span>
        )}
      </h2>
      <FormAlert message={requests.isError ? t('ui.loadError') : undefined} />
      <ConversationTable
        rows={requests.data}
        failed={requests.isError}
        caption={t('expert.messages.inbox.caption', { category: name })}
        empty={t('expert.messages.inbox.empty')}
        hrefOf={requestHref}
        showExpert={false}
      />
    </section>
  );
}

/**
 * `/expert/messages/inbox` (spec §2): the patients' requests nobody has answered yet, per category of the
 * expert's subcategories. `?id=&sub=` opens one request; the first answer makes it the expert's conversation, and
 * the page moves on to it under the open conversations.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const title = t('expert.menu.messagesInbox');
  usePageTitle(title);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const categories = useExpertCategories();
  const openId = search.get('id');
  useMessagingRefresh(expertMessagingKeys.allRequests, { enabled: !openId });

  if (openId) {
    const sub = search.get('sub');
    return (
      <ConversationView
        key={openId}
        thread={{ id: openId, subcategoryId: sub }}
        back={{ to: HERE, label: title }}
        onAnswered={() => {
          const q = new URLSearchParams({ id: openId });
          if (sub) q.set('sub', sub);
          void navigate(`/expert/messages/patients?${q.toString()}`, { replace: true });
        }}
      />
    );
  }
  return (
    <div className="section-stack expert-messages">
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <p className="muted">{t('expert.messages.inbox.intro')}</p>
      {!categories.data && <QueryState error={categories.error} onRetry={() => void categories.refetch()} />}
      {categories.data?.length === 0 && <p className="empty">{t('expert.messages.inbox.noCategories')}</p>}
      {categories.data?.map((category) => (
        <CategoryRequests key={category.id} category={category} />
      ))}
    </div>
  );
}
