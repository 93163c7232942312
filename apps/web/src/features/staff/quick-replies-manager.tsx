import { useState } from 'react';
import { QUICK_REPLY_LANGUAGES, type QuickReply } from '@prsp/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { ListPageHead } from '@/components/ui/list-page-head';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteQuickReply, useQuickReplyList, type QuickReplyOwner } from './quick-replies-api';
import { QuickReplyModal } from './quick-reply-modal';
import './quick-replies-texts';

/**
 * The quick replies page of either app (docs/quick-replies.md): the admin keeps the organisation's (`owner`
 * organisation, edit with the service-settings edit right), the expert their own. A table of shortcut, name and the
 * languages it has; add, change and delete (asked first).
 */
export function QuickRepliesManager({ owner, canEdit }: { owner: QuickReplyOwner; canEdit: boolean }) {
  const { t } = useTranslation();
  const title = t(owner === 'organisation' ? 'quickReplies.adminTitle' : 'quickReplies.expertTitle');
  usePageTitle(title);
  const list = useQuickReplyList(owner);
  const remove = useDeleteQuickReply(owner);
  const [editing, setEditing] = useState<QuickReply | 'new' | undefined>();
  const [deleting, setDeleting] = useState<QuickReply | undefined>();
  const caption = t(owner === 'organisation' ? 'quickReplies.organisationList' : 'quickReplies.ownList');
  return (
    <div className="section-stack quick-replies-page">
      <ListPageHead title={title} addLabel={t('quickReplies.add')} onAdd={canEdit ? () => setEditing('new') : undefined} />
      <p>{t(owner === 'organisation' ? 'quickReplies.adminIntro' : 'quickReplies.expertIntro')}</p>
      <FormAlert message={list.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={list.data}
        failed={list.isError}
        empty={t('quickReplies.none')}
        caption={caption}
        columns={[
          t('quickReplies.shortcut'),
          t('quickReplies.name'),
          t('quickReplies.languages'),
          ...(canEdit ? [t('quickReplies.actions')] : []),
        ]}
      >
        {(reply) => (
          <tr key={reply.id}>
            <td>
              <code>/{reply.shortcut}</code>
            </td>
            <td>{reply.title}</td>
            <td>
              {QUICK_REPLY_LANGUAGES.filter((l) => reply.texts[l])
                .map((l) => t(`quickReplies.languageNames.${l}`))
                .join(', ')}
            </td>
            {canEdit && (
              <td>
                <div className="actions">
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={t('quickReplies.editNamed', { shortcut: reply.shortcut })}
                    onClick={() => setEditing(reply)}
                  >
                    {t('staff.edit')}
                  </button>
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={t('quickReplies.deleteNamed', { shortcut: reply.shortcut })}
                    onClick={() => setDeleting(reply)}
                  >
                    {t('staff.delete')}
                  </button>
                </div>
              </td>
            )}
          </tr>
        )}
      </DataTable>
      {editing && <QuickReplyModal owner={owner} reply={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('quickReplies.deleteTitle')}
        text={t('quickReplies.deleteText', { shortcut: deleting?.shortcut ?? '' })}
        deletedText={t('quickReplies.deleted')}
        remove={remove}
        onDone={() => setDeleting(undefined)}
      />
    </div>
  );
}
