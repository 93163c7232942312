import { useState } from 'react';
import { FHIR_SCOPE_TYPES, readScope, type ApiClient, type ApiClientCreated, type StaffUserData } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { ListPageHead } from '@/components/ui/list-page-head';
import { showToast } from '@/components/ui/toasts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useApiClients, useRevokeApiClient } from './api-clients-api';
import { ClientSecretDialog } from './client-secret-dialog';
import { CreateClientModal } from './create-client-modal';
import './api-clients.css';

/** What a client may read, its scopes named in words (a scope outside the vocabulary as it is). */
function ClientScopes({ scopes }: { scopes: string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="api-client-scopes">
      {scopes.map((scope) => {
        const type = FHIR_SCOPE_TYPES.find((ty) => readScope(ty) === scope);
        return (
          <li key={scope} title={scope}>
            {type ? t(`apiClientsAdmin.scopeNames.${type}`) : scope}
          </li>
        );
      })}
    </ul>
  );
}

function ClientRow({ client, canEdit, onRevoke }: { client: ApiClient; canEdit: boolean; onRevoke: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <tr>
      <td>{client.name}</td>
      <td>
        <code className="api-client-value">{client.clientId}</code>
      </td>
      <td>
        <ClientScopes scopes={client.scopes} />
      </td>
      <td>{formatDateTime(client.createdAt, lang)}</td>
      <td>{client.lastUsedAt ? formatDateTime(client.lastUsedAt, lang) : t('apiClientsAdmin.never')}</td>
      <td>
        {client.revokedAt ? (
          <span className="status inactive" title={t('apiClientsAdmin.revokedOn', { date: formatDateTime(client.revokedAt, lang) })}>
            {t('apiClientsAdmin.revoked')}
          </span>
        ) : (
          <span className="status active">{t('apiClientsAdmin.active')}</span>
        )}
      </td>
      {canEdit && (
        <td>
          {!client.revokedAt && (
            <button
              type="button"
              className="button small secondary"
              aria-label={t('apiClientsAdmin.revokeNamed', { name: client.name })}
              onClick={onRevoke}
            >
              {t('apiClientsAdmin.revoke')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/**
 * `/admin/api-clients` (docs/fhir.md): the organisation's FHIR API clients, with what each may read, when it last
 * asked for a token and whether it is revoked. Those with the service-settings edit right create clients (the secret is shown once) and
 * revoke them; those with the view right only see the list (the server refuses the rest anyway).
 */
export function ApiClientsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('apiClientsAdmin.title'));
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiClientCreated | undefined>();
  const [revoking, setRevoking] = useState<ApiClient | undefined>();
  const canEdit = user.rights.serviceSettings.edit;
  const columns = [
    t('apiClientsAdmin.name'),
    t('apiClientsAdmin.clientId'),
    t('apiClientsAdmin.scopes'),
    t('apiClientsAdmin.created'),
    t('apiClientsAdmin.lastUsed'),
    t('apiClientsAdmin.state'),
    ...(canEdit ? [t('apiClientsAdmin.actions')] : []),
  ];

  return (
    <div className="section-stack api-clients-page">
      <ListPageHead
        title={t('apiClientsAdmin.title')}
        addLabel={t('apiClientsAdmin.add')}
        onAdd={canEdit ? () => setCreating(true) : undefined}
      />
      <p>{t('apiClientsAdmin.intro')}</p>
      <p className="hint">{t('apiClientsAdmin.lastUsedHint')}</p>
      <FormAlert message={clients.isError ? t('staff.loadError') : revoke.isError ? t('staff.actionError') : undefined} />
      <DataTable
        rows={clients.data}
        failed={clients.isError}
        empty={t('apiClientsAdmin.none')}
        caption={t('apiClientsAdmin.clients')}
        columns={columns}
      >
        {(client) => <ClientRow key={client.id} client={client} canEdit={canEdit} onRevoke={() => setRevoking(client)} />}
      </DataTable>
      {creating && (
        <CreateClientModal
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      {created && <ClientSecretDialog created={created} onClose={() => setCreated(undefined)} />}
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('apiClientsAdmin.revokeTitle')}
        text={<p>{t('apiClientsAdmin.revokeText', { name: revoking?.name ?? '' })}</p>}
        confirmLabel={t('apiClientsAdmin.revoke')}
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => showToast(t('apiClientsAdmin.revokedToast')),
            onSettled: () => setRevoking(undefined),
          })
        }
      />
    </div>
  );
}
