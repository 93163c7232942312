import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatCodeGroup, StaffUserData } from '@prsp/contracts';
import { Loading } from '../../../components/route-fallbacks';
import { FormAlert } from '../../../features/staff/form-fields';
import { formatDate } from '../../../features/staff/format';
import { ConfirmDialog, Modal } from '../../../features/staff/modal';
import { useToast } from '../../../features/staff/toasts';
import { currentLanguage } from '../../../lib/i18n';
import { ChatCodeGroupModal } from './chat-code-group-modal';
import { codesCsvUrl, useChatCodeGroups, useChatCodeServices, useDeleteChatCodeGroup, useChatCodes } from './chat-codes-api';

/** The generated codes of one group, with how often each has been used; also downloadable as CSV. */
function CodesModal({ group, onClose }: { group: ChatCodeGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const codes = useChatCodes(group.id);
  return (
    <Modal open wide title={t('admin.chatCodes.codesTitle', { name: group.name })} onClose={onClose}>
      <p>
        <a className="button secondary" href={codesCsvUrl(group.id)} download>
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
    </Modal>
  );
}

/** `/admin/chatCodes`: chat code groups with their service, dates and use; create in a modal (spec §2). */
export function ChatCodesPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const groups = useChatCodeGroups();
  const services = useChatCodeServices();
  const remove = useDeleteChatCodeGroup();
  const toast = useToast();
  const [deleting, setDeleting] = useState<ChatCodeGroup | undefined>();
  const [editing, setEditing] = useState<ChatCodeGroup | 'new' | undefined>();
  const [showing, setShowing] = useState<ChatCodeGroup | undefined>();
  const canEdit = user.rights.chatCodes.edit;

  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.chatCodes.title')}</h1>
        {canEdit && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('admin.chatCodes.add')}
          </button>
        )}
      </div>
      <p>{t('admin.chatCodes.intro')}</p>
      <FormAlert message={groups.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      {!groups.data ? (
        groups.isError ? null : (
          <Loading />
        )
      ) : groups.data.length === 0 ? (
        <p className="empty">{t('admin.chatCodes.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data">
            <caption className="visually-hidden">{t('admin.chatCodes.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.chatCodes.name')}</th>
                <th scope="col">{t('admin.chatCodes.service')}</th>
                <th scope="col">{t('admin.chatCodes.codes')}</th>
                <th scope="col">{t('admin.chatCodes.usesPerCode')}</th>
                <th scope="col">{t('admin.chatCodes.validity')}</th>
                <th scope="col">{t('admin.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.map((group) => (
                <tr key={group.id}>
                  <td>{group.name}</td>
                  <td>{group.serviceName[lang]}</td>
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
                        aria-label={t('admin.chatCodes.showCodesNamed', { name: group.name })}
                        onClick={() => setShowing(group)}
                      >
                        {t('admin.chatCodes.showCodes')}
                      </button>
                      <a
                        className="button small secondary"
                        href={codesCsvUrl(group.id)}
                        download
                        aria-label={t('admin.chatCodes.downloadNamed', { name: group.name })}
                      >
                        CSV
                      </a>
                      {canEdit && (
                        <button
                          type="button"
                          className="button small secondary"
                          aria-label={t('admin.users.editNamed', { name: group.name })}
                          onClick={() => setEditing(group)}
                        >
                          {t('staff.edit')}
                        </button>
                      )}
                      {canEdit && (
                        <button
                          type="button"
                          className="button small secondary"
                          aria-label={t('admin.chatCodes.deleteNamed', { name: group.name })}
                          onClick={() => setDeleting(group)}
                        >
                          {t('staff.delete')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <ChatCodeGroupModal
          group={editing === 'new' ? undefined : editing}
          services={services.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      {showing && <CodesModal group={showing} onClose={() => setShowing(undefined)} />}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('admin.chatCodes.deleteTitle')}
        text={<p>{t('admin.chatCodes.deleteText', { name: deleting?.name ?? '' })}</p>}
        confirmLabel={t('staff.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast(t('admin.chatCodes.deleted')),
            onSettled: () => setDeleting(undefined),
          })
        }
      />
    </div>
  );
}
