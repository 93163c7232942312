import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChatCodeGroup, ChatCodeItem, StaffUserData } from '@prsp/contracts';
import { Loading } from '../../../components/route-fallbacks';
import { FormAlert } from '../../../components/ui/form-fields';
import { formatDate } from '../../../lib/format';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { ListPageHead } from '../../../components/ui/list-page-head';
import { ChatCodeGroupModal } from './chat-code-group-modal';
import { codesCsvUrl, useChatCodeGroups, useChatCodeServices, useDeleteChatCodeGroup, useChatCodes } from './chat-codes-api';

/**
 * The generated codes of one group, with how often each has been used; also downloadable as CSV. Chat codes and
 * message codes show theirs the same way.
 */
export function CodesModal({
  name,
  codes,
  csvUrl,
  onClose,
}: {
  name: string;
  codes: UseQueryResult<ChatCodeItem[]>;
  csvUrl: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog open wide closeLabel={t('staff.close')} title={t('admin.chatCodes.codesTitle', { name })} onClose={onClose}>
      <p>
        <a className="button secondary" href={csvUrl} download>
          {t('admin.chatCodes.downloadCsv')}
        </a>
      </p>
      {codes.isError && <FormAlert message={t('staff.loadError')} />}
      {!codes.data ? (
        codes.isError ? null : (
          <Loading />
        )
      ) : (
        <ol className="codes-list">
          {codes.data.map((c) => (
            <li key={c.code}>
              <code>{c.code}</code> <span className="hint">{t('admin.chatCodes.uses', { used: c.useCount, max: c.usesPerCode })}</span>
            </li>
          ))}
        </ol>
      )}
    </ModalDialog>
  );
}

function ChatCodesModal({ group, onClose }: { group: ChatCodeGroup; onClose: () => void }) {
  const codes = useChatCodes(group.id);
  return <CodesModal name={group.name} codes={codes} csvUrl={codesCsvUrl(group.id)} onClose={onClose} />;
}

type CodeGroupSummary = Pick<ChatCodeGroup, 'id' | 'name' | 'usedCodes' | 'totalCodes' | 'usesPerCode' | 'startDate' | 'expiryDate'>;

/**
 * One code group's table row, for chat codes and message codes alike: name, what the codes open, use, validity and
 * the actions (show and download for all; edit and delete for those who may edit).
 */
export function CodeGroupRow({
  group,
  target,
  csvUrl,
  onShow,
  onEdit,
  onDelete,
}: {
  group: CodeGroupSummary;
  target: string;
  csvUrl: string;
  onShow: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const name = group.name;
  return (
    <tr>
      <td>{name}</td>
      <td>{target}</td>
      <td>{t('admin.chatCodes.usedOf', { used: group.usedCodes, total: group.totalCodes })}</td>
      <td>{group.usesPerCode}</td>
      <td>
        {formatDate(group.startDate, lang)} –{' '}
        {group.expiryDate ? formatDate(group.expiryDate, lang) : t('admin.chatCodes.presets.noExpirationDate')}
      </td>
      <td>
        <div className="actions">
          <button
            type="button"
            className="button small secondary"
            aria-label={t('admin.chatCodes.showCodesNamed', { name })}
            onClick={onShow}
          >
            {t('admin.chatCodes.showCodes')}
          </button>
          <a className="button small secondary" href={csvUrl} download aria-label={t('admin.chatCodes.downloadNamed', { name })}>
            CSV
          </a>
          {onEdit && (
            <button type="button" className="button small secondary" aria-label={t('admin.users.editNamed', { name })} onClick={onEdit}>
              {t('staff.edit')}
            </button>
          )}
          {onDelete && (
            <button
              type="button"
              className="button small secondary"
              aria-label={t('admin.chatCodes.deleteNamed', { name })}
              onClick={onDelete}
            >
              {t('staff.delete')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** `/admin/chatCodes`: chat code groups with their service, dates and use; create in a modal (spec §2). */
export function ChatCodesPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.chatCodes'));
  const lang = currentLanguage();
  const groups = useChatCodeGroups();
  const services = useChatCodeServices();
  const remove = useDeleteChatCodeGroup();
  const [deleting, setDeleting] = useState<ChatCodeGroup | undefined>();
  const [editing, setEditing] = useState<ChatCodeGroup | 'new' | undefined>();
  const [showing, setShowing] = useState<ChatCodeGroup | undefined>();
  const canEdit = user.rights.chatCodes.edit;

  return (
    <div className="section-stack">
      <ListPageHead
        title={t('admin.chatCodes.title')}
        addLabel={t('admin.chatCodes.add')}
        onAdd={canEdit ? () => setEditing('new') : undefined}
      />
      <p>{t('admin.chatCodes.intro')}</p>
      <FormAlert message={groups.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={groups.data}
        failed={groups.isError}
        empty={t('admin.chatCodes.none')}
        caption={t('admin.chatCodes.title')}
        columns={[
          t('admin.chatCodes.name'),
          t('admin.chatCodes.service'),
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
            target={group.serviceName[lang]}
            csvUrl={codesCsvUrl(group.id)}
            onShow={() => setShowing(group)}
            onEdit={canEdit ? () => setEditing(group) : undefined}
            onDelete={canEdit ? () => setDeleting(group) : undefined}
          />
        )}
      </DataTable>
      {editing && (
        <ChatCodeGroupModal
          group={editing === 'new' ? undefined : editing}
          services={services.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      {showing && <ChatCodesModal group={showing} onClose={() => setShowing(undefined)} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('admin.chatCodes.deleteTitle')}
        text={t('admin.chatCodes.deleteText', { name: deleting?.name ?? '' })}
        deletedText={t('admin.chatCodes.deleted')}
        remove={remove}
        onDone={() => setDeleting(undefined)}
      />
    </div>
  );
}
