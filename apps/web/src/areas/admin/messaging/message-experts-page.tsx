import { useState } from 'react';
import type { MessagingExpert, StaffUserData } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { ListSearch } from '@/components/ui/list-search';
import { showToast } from '@/components/ui/toasts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useSpecializations } from '../experts/experts-api';
import { useMessagingExperts, useSetHandlesMessages } from './messaging-admin-api';

/** One expert's 'handles messages' switch: saved at once, and turned back if the save fails. */
function HandlesSwitch({ expert, canEdit }: { expert: MessagingExpert; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useSetHandlesMessages();
  // Shown as asked while the save runs; the list's refetch brings the stored value afterwards.
  const checked = update.isPending ? update.variables.handlesMessages : expert.handlesMessages;
  return (
    <label className="check">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={!canEdit || update.isPending}
        aria-label={t('admin.messages.experts.handlesNamed', { name: expert.name })}
        onChange={(e) => {
          const handlesMessages = e.target.checked;
          update.mutate(
            { expertId: expert.id, handlesMessages },
            {
              onSuccess: () =>
                showToast(
                  t(handlesMessages ? 'admin.messages.experts.turnedOn' : 'admin.messages.experts.turnedOff', { name: expert.name }),
                ),
            },
          );
        }}
      />
      <span aria-hidden="true">{t('admin.messages.experts.handles')}</span>
      {update.isError && (
        <span className="field-error" role="alert">
          {t('staff.saveError')}
        </span>
      )}
    </label>
  );
}

/** `/admin/messages/experts`: every expert of the organisation, and whether each handles messages (spec §2). */
export function MessageExpertsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.messageExperts'));
  const lang = currentLanguage();
  const [query, setQuery] = useState('');
  const experts = useMessagingExperts(query);
  const specializations = useSpecializations();
  const specName = new Map((specializations.data ?? []).map((s) => [s.id, s.name[lang]]));
  const canEdit = user.rights.serviceSettings.edit;
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.messages.experts.title')}</h1>
      </div>
      <p>{t('admin.messages.experts.intro')}</p>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <ListSearch id="message-expert-search" onSearch={setQuery} />
      <FormAlert message={experts.isError ? t('staff.loadError') : undefined} />
      <DataTable
        rows={experts.data?.experts}
        failed={experts.isError}
        empty={t(query.trim() ? 'admin.messages.experts.noneFound' : 'admin.messages.experts.none')}
        caption={t('admin.messages.experts.title')}
        columns={[t('admin.users.name'), t('admin.experts.specializations'), t('admin.messages.experts.handles')]}
      >
        {(expert) => (
          <tr key={expert.id}>
            <td>{expert.name}</td>
            <td>{expert.specializations.map((s) => specName.get(s) ?? s).join(', ')}</td>
            <td>
              <HandlesSwitch expert={expert} canEdit={canEdit} />
            </td>
          </tr>
        )}
      </DataTable>
    </div>
  );
}
