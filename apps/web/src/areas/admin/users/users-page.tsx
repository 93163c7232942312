import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import type { GlobalUser, OrganisationUser, StaffUserData } from '@prsp/contracts';
import { FormAlert } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { MenuDisclosure } from '@/components/ui/menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { StatusBadge } from '@/components/ui/status-badge';
import { showToast } from '@/components/ui/toasts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { actionLogUrl, useGlobalUsers, useOrganisationUsers, useUserAction, type UserAction, type UserScope } from './users-api';
import { UserModal } from './user-modal';
import { DataTable } from '@/components/ui/data-table';
import { ListPageHead } from '@/components/ui/list-page-head';
import { ListSearch, useListQuery } from '@/components/ui/list-search';

type Row = OrganisationUser | GlobalUser;

function roleText(t: (k: string) => string, row: Row): string {
  if ('preset' in row) return t(`admin.presets.${row.preset}`);
  const orgs = [
    ...row.memberships.map((m) => m.organisationName),
    ...row.expertOrganisations.map((e) => `${e.organisationName} (${t('admin.users.expert')})`),
  ];
  return orgs.join(', ') || '–';
}

/** What a row's menu asks to confirm (spec §6 'each confirmed'): an action, or the action log's download. */
type Asked = UserAction | 'log';

/**
 * The action log as a download (a plain link's, so the session cookie goes with it), once the admin has confirmed.
 */
function downloadActionLog(scope: UserScope, id: string): void {
  const link = document.createElement('a');
  link.href = actionLogUrl(scope, id, currentLanguage());
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Row actions of spec §6, each confirmed; the action log is a download. */
function RowActions({
  row,
  canEdit,
  self,
  onEdit,
  onAsk,
}: {
  row: Row;
  canEdit: boolean;
  /** The signed-in admin's own row: no locking, logging out or deleting oneself. */
  self: boolean;
  onEdit: () => void;
  onAsk: (a: Asked) => void;
}) {
  const { t } = useTranslation();
  const name = `${row.firstName} ${row.lastName}`;
  if (!canEdit) return null;
  return (
    <div className="actions">
      <button type="button" className="button small secondary" aria-label={t('admin.users.editNamed', { name })} onClick={onEdit}>
        {t('staff.edit')}
      </button>
      <MenuDisclosure
        label={<span aria-label={t('admin.users.actionsNamed', { name })}>{t('admin.users.actions')}</span>}
        className="row-menu"
      >
        <ul>
          <li>
            <button type="button" className="menu-item" onClick={() => onAsk('reset-password')}>
              {t('admin.users.action.reset-password')}
            </button>
          </li>
          {!self && (
            <li>
              <button type="button" className="menu-item" onClick={() => onAsk(row.locked ? 'unlock' : 'lock')}>
                {t(row.locked ? 'admin.users.action.unlock' : 'admin.users.action.lock')}
              </button>
            </li>
          )}
          {!self && (
            <li>
              <button type="button" className="menu-item" onClick={() => onAsk('logout')}>
                {t('admin.users.action.logout')}
              </button>
            </li>
          )}
          <li>
            <button type="button" className="menu-item" onClick={() => onAsk('log')}>
              {t('admin.users.action.log')}
            </button>
          </li>
          {!self && (
            <li>
              <button type="button" className="menu-item" onClick={() => onAsk('delete')}>
                {t('admin.users.action.delete')}
              </button>
            </li>
          )}
        </ul>
      </MenuDisclosure>
    </div>
  );
}

/**
 * `/admin/organizationUsers` and `/admin/globalUsers`: search, paging, statuses and last login, create and
 * edit in a modal, and the confirmed actions. Global user management lists every member of staff.
 */
export function UsersPage({ scope, user }: { scope: UserScope; user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t(scope === 'global' ? 'admin.menu.globalUsers' : 'admin.menu.organizationUsers'));
  const lang = currentLanguage();
  const list = useListQuery();
  const [editing, setEditing] = useState<Row | 'new' | undefined>();
  const [asking, setAsking] = useState<{ row: Row; action: Asked } | undefined>();
  const orgUsers = useOrganisationUsers(list.query, list.page, scope === 'organisation');
  const globalUsers = useGlobalUsers(list.query, list.page, scope === 'global');
  const users = scope === 'global' ? globalUsers : orgUsers;
  const action = useUserAction(scope);
  const canEdit = scope === 'global' ? user.isGlobalAdmin : user.rights.users.edit;

  const confirm = () => {
    if (!asking) return;
    if (asking.action === 'log') {
      downloadActionLog(scope, asking.row.id);
      setAsking(undefined);
      return;
    }
    const { action: asked } = asking;
    action.mutate(
      { id: asking.row.id, action: asked },
      {
        onSuccess: () => {
          showToast(t(`admin.users.done.${asked}`));
          setAsking(undefined);
        },
        onError: () => setAsking(undefined),
      },
    );
  };

  const data = users.data;
  return (
    <div className="section-stack">
      <ListPageHead
        title={t(scope === 'global' ? 'admin.users.globalTitle' : 'admin.users.organisationTitle')}
        addLabel={t('admin.users.add')}
        onAdd={canEdit ? () => setEditing('new') : undefined}
      />
      <ListSearch id="user-search" onSearch={list.search} />
      <FormAlert message={action.error ? t('staff.actionError') : users.isError ? t('staff.loadError') : undefined} />
      <DataTable<Row>
        rows={data?.items}
        failed={users.isError}
        empty={t('admin.users.none')}
        caption={t(scope === 'global' ? 'admin.users.globalTitle' : 'admin.users.organisationTitle')}
        columns={[
          t('admin.users.name'),
          t('admin.users.email'),
          t(scope === 'global' ? 'admin.users.organisations' : 'admin.users.preset'),
          t('admin.users.status'),
          t('admin.users.lastLogin'),
          t('admin.users.actions'),
        ]}
      >
        {(row) => (
          <tr key={row.id}>
            <td>
              {row.firstName} {row.lastName}
              {row.isGlobalAdmin && <span className="hint block">{t('admin.users.globalAdmin')}</span>}
            </td>
            <td>{row.email}</td>
            <td>{roleText(t, row)}</td>
            <td>
              <StatusBadge status={row.status} locked={row.locked || row.lockedUntil !== null} />
            </td>
            <td>{formatDateTime(row.lastLogin, lang)}</td>
            <td>
              <RowActions
                row={row}
                canEdit={canEdit}
                self={row.id === user.id}
                onEdit={() => setEditing(row)}
                onAsk={(a) => setAsking({ row, action: a })}
              />
            </td>
          </tr>
        )}
      </DataTable>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      {editing && (
        <UserModal
          scope={scope}
          user={editing === 'new' ? undefined : editing}
          organisations={user.organisations}
          currentOrganisationId={user.organisation?.id ?? ''}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={asking !== undefined}
        title={asking ? t(`admin.users.confirm.${asking.action}.title`) : ''}
        text={asking && <p>{t(`admin.users.confirm.${asking.action}.text`, { name: `${asking.row.firstName} ${asking.row.lastName}` })}</p>}
        confirmLabel={asking ? t(`admin.users.action.${asking.action}`) : ''}
        danger={asking?.action === 'delete'}
        busy={action.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      />
    </div>
  );
}
