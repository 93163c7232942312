import { useState } from 'react';
import { ZMessageCodeGroupCreate, type MessageCodeGroup, type StaffUserData } from '@prsp/contracts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { FormAlert } from '../../../components/ui/form-fields';
import { ListPageHead } from '../../../components/ui/list-page-head';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { CodeGroupModal } from '../chat-codes/chat-code-group-modal';
import { CodeGroupRow, CodesModal } from '../chat-codes/chat-codes-page';
import { subcategoryOptions, subcategoryPath } from './category-form-model';
import {
  messageCodesCsvUrl,
  useDeleteMessageCodeGroup,
  useMessageCategories,
  useMessageCodeGroups,
  useMessageCodes,
  useSaveMessageCodeGroup,
} from './messaging-admin-api';

/** The chat codes' group modal, for a subcategory instead of a service. */
function MessageCodeGroupModal({ group, onClose }: { group?: MessageCodeGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveMessageCodeGroup();
  const categories = useMessageCategories();
  const options = subcategoryOptions(categories.data ?? [], lang).map(({ value, label, openAccess }) => ({
    value,
    label: openAccess ? `${label} (${t('admin.messageCodes.openSubcategory')})` : label,
  }));
  return (
    <CodeGroupModal
      group={group}
      target={{
        field: 'subcategoryId',
        label: t('admin.messageCodes.subcategory'),
        placeholder: t('admin.messageCodes.chooseSubcategory'),
        options,
        hint: categories.data && options.length === 0 ? t('admin.messageCodes.noSubcategories') : undefined,
      }}
      textKey="admin.messageCodes"
      createSchema={ZMessageCodeGroupCreate}
      save={save}
      onClose={onClose}
    />
  );
}

function MessageCodesModal({ group, onClose }: { group: MessageCodeGroup; onClose: () => void }) {
  const codes = useMessageCodes(group.id);
  return <CodesModal name={group.name} codes={codes} csvUrl={messageCodesCsvUrl(group.id)} onClose={onClose} />;
}

/**
 * `/admin/messages/messageCodes`: message code groups (chat code groups for a subcategory, spec §3), with their
 * subcategory, dates and use; create in a modal, view and download the codes, as on `/admin/chatCodes`.
 */
export function MessageCodesPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.messageCodes'));
  const lang = currentLanguage();
  const groups = useMessageCodeGroups();
  const remove = useDeleteMessageCodeGroup();
  const [deleting, setDeleting] = useState<MessageCodeGroup | undefined>();
  const [editing, setEditing] = useState<MessageCodeGroup | 'new' | undefined>();
  const [showing, setShowing] = useState<MessageCodeGroup | undefined>();
  const canEdit = user.rights.chatCodes.edit;

  return (
    <div className="section-stack">
      <ListPageHead
        title={t('admin.messageCodes.title')}
        addLabel={t('admin.messageCodes.add')}
        onAdd={canEdit ? () => setEditing('new') : undefined}
      />
      <p>{t('admin.messageCodes.intro')}</p>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={groups.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={groups.data}
        failed={groups.isError}
        empty={t('admin.messageCodes.none')}
        caption={t('admin.messageCodes.title')}
        columns={[
          t('admin.chatCodes.name'),
          t('admin.messageCodes.subcategory'),
          t('admin.chatCodes.codes'),
          t('admin.chatCodes.usesPerCode'),
          t('admin.chatCodes.validity'),
          t('admin.users.actions'),
        ]}
      >
        {(group) => (
          <CodeGroupRow
            key={group.id}
            group={group}
            target={subcategoryPath(group.categoryName, group.subcategoryName, lang)}
            csvUrl={messageCodesCsvUrl(group.id)}
            onShow={() => setShowing(group)}
            onEdit={canEdit ? () => setEditing(group) : undefined}
            onDelete={canEdit ? () => setDeleting(group) : undefined}
          />
        )}
      </DataTable>
      {editing && <MessageCodeGroupModal group={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
      {showing && <MessageCodesModal group={showing} onClose={() => setShowing(undefined)} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('admin.messageCodes.deleteTitle')}
        text={t('admin.messageCodes.deleteText', { name: deleting?.name ?? '' })}
        deletedText={t('admin.messageCodes.deleted')}
        remove={remove}
        onDone={() => setDeleting(undefined)}
      />
    </div>
  );
}
