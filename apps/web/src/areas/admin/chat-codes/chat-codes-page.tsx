import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CodeGroup, CodeGroupTargetKind, CodeItem, StaffUserData } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { FormAlert } from '@/components/ui/form-fields';
import { formatDate } from '@/lib/format';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { DataTable } from '@/components/ui/data-table';
import { ListPageHead } from '@/components/ui/list-page-head';
import { CodeGroupModal } from './chat-code-group-modal';
import { codesCsvUrl, useCodeGroups, useDeleteCodeGroup, useGroupCodes } from './chat-codes-api';
import { CODE_GROUP_TARGETS, targetName } from './code-group-targets';

/** The generated codes of one group, with how often each has been used; also downloadable as CSV. */
function CodesModal({
  name,
  codes,
  csvUrl,
  onClose,
}: {
  name: string;
  codes: UseQueryResult<CodeItem[]>;
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

function GroupCodesModal({ kind, group, onClose }: { kind: CodeGroupTargetKind; group: CodeGroup; onClose: () => void }) {
  const codes = useGroupCodes(kind, group.id);
  return <CodesModal name={group.name} codes={codes} csvUrl={codesCsvUrl(kind, group.id)} onClose={onClose} />;
}

/**
 * One code group's table row: name, what the codes open, use, validity and the actions (show and download for all;
 * edit and delete for those who may edit).
 */
function CodeGroupRow({
  group,
  target,
  csvUrl,
  onShow,
  onEdit,
  onDelete,
}: {
  group: CodeGroup;
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

/**
 * The code groups of one target (spec §2, §3 'Chat code group'): `/admin/chatCodes` lists the chat codes of
 * services, `/admin/messages/messageCodes` the message codes of subcategories, each with what the codes open, dates
 * and use; create and edit in a modal, view and download the codes. Both under the chat codes right.
 */
export function CodeGroupsPage({ user, kind }: { user: StaffUserData; kind: CodeGroupTargetKind }) {
  const { t } = useTranslation();
  const { texts, readOnlyNotice, useChoice } = CODE_GROUP_TARGETS[kind];
  usePageTitle(t(texts.menu));
  const lang = currentLanguage();
  const groups = useCodeGroups(kind);
  const choice = useChoice();
  const remove = useDeleteCodeGroup(kind);
  const [deleting, setDeleting] = useState<CodeGroup | undefined>();
  const [editing, setEditing] = useState<CodeGroup | 'new' | undefined>();
  const [showing, setShowing] = useState<CodeGroup | undefined>();
  const canEdit = user.rights.chatCodes.edit;

  return (
    <div className="section-stack">
      <ListPageHead title={t(texts.title)} addLabel={t(texts.add)} onAdd={canEdit ? () => setEditing('new') : undefined} />
      <p>{t(texts.intro)}</p>
      {readOnlyNotice && !canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={groups.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={groups.data}
        failed={groups.isError}
        empty={t(texts.none)}
        caption={t(texts.title)}
        columns={[
          t('admin.chatCodes.name'),
          t(texts.column),
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
            target={targetName(group.target, lang)}
            csvUrl={codesCsvUrl(kind, group.id)}
            onShow={() => setShowing(group)}
            onEdit={canEdit ? () => setEditing(group) : undefined}
            onDelete={canEdit ? () => setDeleting(group) : undefined}
          />
        )}
      </DataTable>
      {editing && (
        <CodeGroupModal kind={kind} group={editing === 'new' ? undefined : editing} choice={choice} onClose={() => setEditing(undefined)} />
      )}
      {showing && <GroupCodesModal kind={kind} group={showing} onClose={() => setShowing(undefined)} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t(texts.deleteTitle)}
        text={t(texts.deleteText, { name: deleting?.name ?? '' })}
        deletedText={t(texts.deleted)}
        remove={remove}
        onDone={() => setDeleting(undefined)}
      />
    </div>
  );
}
