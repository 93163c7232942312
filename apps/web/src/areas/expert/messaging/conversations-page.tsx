import './expert-messages.css';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ZConversationsQuery, type ExpertConversation } from '@prsp/contracts';
import { FormAlert, FormField } from '@/components/ui/form-fields';
import { useZodForm } from '@/features/staff/use-zod-form';
import { usePageTitle } from '@/lib/use-page-title';
import {
  cleanFilters,
  filtersFromSearch,
  isFiltered,
  searchOfFilters,
  type ConversationFilters,
  type TextFilters,
} from './conversation-filters';
import { ConversationView } from './conversation-view';
import { ConversationTable } from './conversation-table';
import { expertMessagingKeys, useExpertConversations } from './expert-messaging-api';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';
import { useTranslation } from '@/lib/i18n';

const FIELDS = ['name', 'ssn', 'subject'] as const;

/** The filter form (spec §3: name, identity code, subject); the list changes when it is submitted or cleared. */
function Filters({ filters, onApply }: { filters: ConversationFilters; onApply: (typed: TextFilters) => void }) {
  const { t } = useTranslation();
  // Checked as the list's query: the filters that are set, trimmed to their lengths (conversation-filters.ts).
  const form = useZodForm<Required<TextFilters>, TextFilters>({
    schema: ZConversationsQuery,
    defaultValues: { name: filters.name ?? '', ssn: filters.ssn ?? '', subject: filters.subject ?? '' },
    toBody: (typed) => {
      const { isClosed: _isClosed, ...text } = cleanFilters(false, typed);
      return text;
    },
  });
  const typed = form.values;
  const submit = (e: FormEvent) => form.submit(e, (_query, checked) => onApply(checked));
  const clear = () => {
    form.form.reset({ name: '', ssn: '', subject: '' });
    onApply({});
  };
  return (
    <form role="search" className="card form" noValidate onSubmit={submit} aria-label={t('expert.messages.filters.title')}>
      <div className="form-grid">
        {FIELDS.map((key) => (
          <FormField key={key} label={t(`expert.messages.filters.${key}`)}>
            {(control) => (
              <input
                {...control}
                type="search"
                autoComplete="off"
                maxLength={key === 'ssn' ? 20 : 200}
                value={typed[key] ?? ''}
                onChange={(e) => form.set(key, e.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
      <div className="actions">
        <button type="submit" className="button">
          {t('expert.messages.filters.apply')}
        </button>
        {isFiltered(filters) && (
          <button type="button" className="button secondary" onClick={clear}>
            {t('expert.messages.filters.clear')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * `/expert/messages/patients` and `/expert/messages/patientsEnded` (spec §2): the expert's open or ended
 * conversations with the spec's filters, refreshed every 5 s. `?id=` (with `sub=` for a patient's request) opens
 * one conversation in its place; the filters stay in the address, so Back returns to the same list.
 */
function ConversationsPage({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  const title = t(closed ? 'expert.menu.messagesEnded' : 'expert.menu.messagesPatients');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(closed, search);
  const openId = search.get('id');
  usePageTitle(title);
  const list = useExpertConversations(filters);
  useMessagingRefresh(expertMessagingKeys.allConversations, { enabled: !openId });
  const listSearch = new URLSearchParams(searchOfFilters(filters)).toString();
  const here = closed ? '/expert/messages/patientsEnded' : '/expert/messages/patients';

  if (openId) {
    return (
      <ConversationView
        key={openId}
        thread={{ id: openId, subcategoryId: search.get('sub') }}
        back={{ to: listSearch ? `${here}?${listSearch}` : here, label: title }}
      />
    );
  }

  const hrefOf = (row: ExpertConversation) => {
    const q = new URLSearchParams({ ...searchOfFilters(filters), id: row.id });
    if (row.kind === 'request' && row.subcategoryId) q.set('sub', row.subcategoryId);
    return `${here}?${q.toString()}`;
  };
  return (
    <div className="section-stack expert-messages">
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <Filters key={listSearch} filters={filters} onApply={(typed) => setSearch(searchOfFilters(cleanFilters(closed, typed)))} />
      <FormAlert message={list.isError ? t('ui.loadError') : undefined} />
      <ConversationTable
        rows={list.data}
        failed={list.isError}
        caption={title}
        empty={t(isFiltered(filters) ? 'expert.messages.noMatches' : closed ? 'expert.messages.noneEnded' : 'expert.messages.noneOpen')}
        hrefOf={hrefOf}
      />
    </div>
  );
}

/** `/expert/messages/patients`: the open conversations. */
export function OpenConversationsPage() {
  return <ConversationsPage closed={false} />;
}

/** `/expert/messages/patientsEnded`: the ended conversations, each of which can be reopened. */
export function EndedConversationsPage() {
  return <ConversationsPage closed />;
}
