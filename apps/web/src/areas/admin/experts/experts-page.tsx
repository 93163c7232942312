import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminExpert, StaffUserData } from '@prsp/contracts';
import { Loading } from '../../../components/route-fallbacks';
import { FormAlert } from '../../../features/staff/form-fields';
import { formatDateTime } from '../../../features/staff/format';
import { ConfirmDialog } from '../../../features/staff/modal';
import { Pager } from '../../../features/staff/pager';
import { StatusBadge } from '../../../features/staff/status-badge';
import { useToast } from '../../../features/staff/toasts';
import { currentLanguage } from '../../../lib/i18n';
import { ExpertModal } from './expert-modal';
import { useDeleteExpert, useExperts, useSpecializations } from './experts-api';

/** `/admin/experts`: the organisation's experts with their status; add and edit in a modal (spec §2). */
export function ExpertsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminExpert | 'new' | undefined>();
  const experts = useExperts(query, page);
  const remove = useDeleteExpert();
  const toast = useToast();
  const [deleting, setDeleting] = useState<AdminExpert | undefined>();
  const specializations = useSpecializations();
  const canEdit = user.rights.experts.edit;
  const specName = new Map((specializations.data ?? []).map((s) => [s.id, s.name[lang]]));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery(search);
    setPage(1);
  };

  const data = experts.data;
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.experts.title')}</h1>
        {canEdit && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('admin.experts.add')}
          </button>
        )}
      </div>
      <form role="search" className="actions" onSubmit={submitSearch}>
        <label htmlFor="expert-search" className="visually-hidden">
          {t('admin.users.search')}
        </label>
        <input
          id="expert-search"
          type="search"
          className="search-input"
          value={search}
          placeholder={t('admin.users.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="button secondary">
          {t('admin.users.search')}
        </button>
      </form>
      <FormAlert message={experts.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      {!data ? (
        experts.isError ? null : (
          <Loading />
        )
      ) : data.items.length === 0 ? (
        <p className="empty">{t('admin.experts.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data">
            <caption className="visually-hidden">{t('admin.experts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.users.name')}</th>
                <th scope="col">{t('admin.users.email')}</th>
                <th scope="col">{t('admin.experts.specializations')}</th>
                <th scope="col">{t('admin.experts.queue')}</th>
                <th scope="col">{t('admin.users.status')}</th>
                <th scope="col">{t('admin.users.lastLogin')}</th>
                {canEdit && <th scope="col">{t('admin.users.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.items.map((expert) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('admin.experts.deleteTitle')}
        text={<p>{t('admin.experts.deleteText', { name: deleting ? `${deleting.firstName} ${deleting.lastName}` : '' })}</p>}
        confirmLabel={t('staff.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast(t('admin.experts.deleted')),
            onSettled: () => setDeleting(undefined),
          })
        }
      />
      {editing && <ExpertModal expert={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
