import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import type { AdminExpert, StaffUserData } from '@prsp/contracts';
import { FormAlert } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { Pager } from '@/components/ui/pager';
import { StatusBadge } from '@/components/ui/status-badge';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { DataTable } from '@/components/ui/data-table';
import { ListPageHead } from '@/components/ui/list-page-head';
import { ListSearch, useListQuery } from '@/components/ui/list-search';
import { ExpertModal } from './expert-modal';
import { useDeleteExpert, useExperts, useSpecializations } from './experts-api';

/** `/admin/experts`: the organisation's experts with their status; add and edit in a modal (spec §2). */
export function ExpertsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.experts'));
  const lang = currentLanguage();
  const list = useListQuery();
  const [editing, setEditing] = useState<AdminExpert | 'new' | undefined>();
  const experts = useExperts(list.query, list.page);
  const remove = useDeleteExpert();
  const [deleting, setDeleting] = useState<AdminExpert | undefined>();
  const specializations = useSpecializations();
  const canEdit = user.rights.experts.edit;
  const specName = new Map((specializations.data ?? []).map((s) => [s.id, s.name[lang]]));

  const data = experts.data;
  const columns = [
    t('admin.users.name'),
    t('admin.users.email'),
    t('admin.experts.specializations'),
    t('admin.experts.queue'),
    t('admin.users.status'),
    t('admin.users.lastLogin'),
    ...(canEdit ? [t('admin.users.actions')] : []),
  ];
  return (
    <div className="section-stack">
      <ListPageHead
        title={t('admin.experts.title')}
        addLabel={t('admin.experts.add')}
        onAdd={canEdit ? () => setEditing('new') : undefined}
      />
      <ListSearch id="expert-search" onSearch={list.search} />
      <FormAlert message={experts.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={data?.items}
        failed={experts.isError}
        empty={t('admin.experts.none')}
        caption={t('admin.experts.title')}
        columns={columns}
      >
        {(expert) => (
          <tr key={expert.id}>
            <td>
              {expert.firstName} {expert.lastName}
            </td>
            <td>{expert.email}</td>
            <td>{expert.specializations.map((s) => specName.get(s) ?? s).join(', ')}</td>
            <td>{expert.chatQueueId}</td>
            <td>
              <StatusBadge status={expert.status} locked={expert.locked} />
            </td>
            <td>{formatDateTime(expert.lastLogin, lang)}</td>
            {canEdit && (
              <td>
                <div className="actions">
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={t('admin.users.editNamed', { name: `${expert.firstName} ${expert.lastName}` })}
                    onClick={() => setEditing(expert)}
                  >
                    {t('staff.edit')}
                  </button>
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={t('admin.chatCodes.deleteNamed', { name: `${expert.firstName} ${expert.lastName}` })}
                    onClick={() => setDeleting(expert)}
                  >
                    {t('staff.delete')}
                  </button>
                </div>
              </td>
            )}
          </tr>
        )}
      </DataTable>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('admin.experts.deleteTitle')}
        text={t('admin.experts.deleteText', { name: deleting ? `${deleting.firstName} ${deleting.lastName}` : '' })}
        deletedText={t('admin.experts.deleted')}
        remove={remove}
        onDone={() => setDeleting(undefined)}
      />
      {editing && <ExpertModal expert={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
