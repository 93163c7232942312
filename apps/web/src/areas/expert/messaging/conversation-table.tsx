import type { ExpertConversation } from '@prsp/contracts';
import { Link } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { PaperclipIcon } from '@/components/ui/paperclip-icon';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { conversationTitle } from '@/features/messaging/conversation-title';
import { useSpecializationNames } from '@/features/staff/specialization-names';
import { categoryLabel, newestFirst } from './conversation-labels';

/**
 * The expert's conversations or requests (spec §3 'List item in expert view'): the subject opening the thread,
 * marked when it has attachments, the patient, the category, the expert, the last message's time and the unread
 * count. A row with unread messages stands out in bold, and says so to a screen reader too.
 */
export function ConversationTable({
  rows,
  failed,
  empty,
  caption,
  hrefOf,
  showExpert = true,
}: {
  rows: readonly ExpertConversation[] | undefined;
  failed: boolean;
  empty: string;
  caption: string;
  hrefOf: (row: ExpertConversation) => string;
  showExpert?: boolean;
}) {
  const { t } = useTranslation();
  const specializationNames = useSpecializationNames();
  const lang = currentLanguage();
  const columns = [
    t('expert.messages.columns.subject'),
    t('expert.messages.columns.patient'),
    t('expert.messages.columns.category'),
    ...(showExpert ? [t('expert.messages.columns.expert')] : []),
    t('expert.messages.columns.lastMessage'),
    t('expert.messages.columns.unread'),
  ];
  return (
    <DataTable<ExpertConversation> rows={rows && newestFirst(rows)} failed={failed} empty={empty} caption={caption} columns={columns}>
      {(row) => (
        <tr key={row.id} className={row.unreadMessages > 0 ? 'is-unread' : undefined}>
          {/* One element per cell: on a phone the cell is a grid of its column's name and its content. */}
          <td>
            <span>
              <Link to={hrefOf(row)}>{conversationTitle(row, lang) || t('expert.messages.noSubject')}</Link>
              {row.hasAttachments && (
                <span className="attachment-mark" title={t('expert.messages.hasAttachments')}>
                  <PaperclipIcon />
                  <span className="visually-hidden">{t('expert.messages.hasAttachments')}</span>
                </span>
              )}
            </span>
          </td>
          <td>{row.name}</td>
          <td>{categoryLabel(row, lang) || t('expert.messages.direct')}</td>
          {showExpert && (
            <td>
              <span>
                {row.expertName ?? '–'}
                {specializationNames(row.expertSpecializations) && (
                  <span className="hint block">{specializationNames(row.expertSpecializations)}</span>
                )}
              </span>
            </td>
          )}
          <td className="nowrap">{formatDateTime(row.lastMessageDate, lang)}</td>
          <td>
            {row.unreadMessages > 0 ? (
              <span className="badge unread">{t('expert.messages.unreadCount', { count: row.unreadMessages })}</span>
            ) : (
              <span className="muted">0</span>
            )}
          </td>
        </tr>
      )}
    </DataTable>
  );
}
