import { useState } from 'react';
import type { StaffUserData, WebhookDelivery, WebhookEndpoint } from '@prsp/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, SelectField } from '@/components/ui/form-fields';
import { ListPageHead } from '@/components/ui/list-page-head';
import { showToast } from '@/components/ui/toasts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { EndpointModal } from './endpoint-modal';
import { SecretDialog } from './secret-dialog';
import { useDeleteWebhookEndpoint, useSendTestEvent, useWebhookDeliveries, useWebhookEndpoints } from './webhooks-api';
import './webhooks.css';

function EndpointRow({
  endpoint,
  canEdit,
  onEdit,
  onDelete,
  onShowDeliveries,
}: {
  endpoint: WebhookEndpoint;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShowDeliveries: () => void;
}) {
  const { t } = useTranslation();
  const test = useSendTestEvent();
  const url = endpoint.url;
  return (
    <tr>
      <td className="webhook-url">{url}</td>
      <td>{endpoint.events.map((e) => t(`webhooksAdmin.eventNames.${e}`, { defaultValue: e })).join(', ')}</td>
      <td>{t(endpoint.active ? 'webhooksAdmin.on' : 'webhooksAdmin.off')}</td>
      <td>
        <div className="actions">
          <button
            type="button"
            className="button small secondary"
            aria-label={t('webhooksAdmin.showDeliveriesNamed', { url })}
            onClick={onShowDeliveries}
          >
            {t('webhooksAdmin.showDeliveries')}
          </button>
          {canEdit && endpoint.active && (
            <button
              type="button"
              className="button small secondary"
              aria-label={t('webhooksAdmin.testNamed', { url })}
              disabled={test.isPending}
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => showToast(t('webhooksAdmin.testQueued')),
                  onError: () => showToast(t('staff.actionError'), 'error'),
                })
              }
            >
              {t('webhooksAdmin.sendTest')}
            </button>
          )}
          {canEdit && (
            <button type="button" className="button small secondary" aria-label={t('webhooksAdmin.editNamed', { url })} onClick={onEdit}>
              {t('staff.edit')}
            </button>
          )}
          {canEdit && (
            <button
              type="button"
              className="button small secondary"
              aria-label={t('webhooksAdmin.deleteNamed', { url })}
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

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <tr>
      <td>{t(`webhooksAdmin.eventNames.${delivery.event}`, { defaultValue: delivery.event })}</td>
      <td>
        <span className={`webhook-state ${delivery.state}`}>{t(`webhooksAdmin.deliveryStates.${delivery.state}`)}</span>
      </td>
      <td>{delivery.attempts}</td>
      <td>{delivery.lastStatusCode ?? '–'}</td>
      <td>{formatDateTime(delivery.deliveredAt ?? delivery.createdAt, lang)}</td>
      <td className="webhook-error">{delivery.lastError ?? '–'}</td>
    </tr>
  );
}

/**
 * `/admin/webhooks` (docs/webhooks.md): the organisation's endpoints (add, edit events and on/off, delete, send a
 * test event) and the newest deliveries with their outcome, of all endpoints or one. Editing needs the
 * service-settings edit right; viewing, its view right.
 */
export function WebhooksPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('webhooksAdmin.title'));
  const endpoints = useWebhookEndpoints();
  const [filter, setFilter] = useState('');
  const deliveries = useWebhookDeliveries(filter || undefined);
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | undefined>();
  const [deleting, setDeleting] = useState<WebhookEndpoint | undefined>();
  const [secret, setSecret] = useState<string | undefined>();
  const canEdit = user.rights.serviceSettings.edit;
  const deliveriesHeading = filter
    ? t('webhooksAdmin.deliveriesOf', { url: endpoints.data?.find((e) => e.id === filter)?.url ?? '' })
    : t('webhooksAdmin.deliveries');

  return (
    <div className="section-stack webhooks-page">
      <ListPageHead
        title={t('webhooksAdmin.title')}
        addLabel={t('webhooksAdmin.add')}
        onAdd={canEdit ? () => setEditing('new') : undefined}
      />
      <p>{t('webhooksAdmin.intro')}</p>
      <FormAlert message={endpoints.isError ? t('staff.loadError') : remove.isError ? t('staff.actionError') : undefined} />
      <section aria-labelledby="webhook-endpoints-heading" className="section-stack">
        <h2 id="webhook-endpoints-heading">{t('webhooksAdmin.endpoints')}</h2>
        <DataTable
          rows={endpoints.data}
          failed={endpoints.isError}
          empty={t('webhooksAdmin.none')}
          caption={t('webhooksAdmin.endpoints')}
          columns={[t('webhooksAdmin.url'), t('webhooksAdmin.events'), t('webhooksAdmin.state'), t('webhooksAdmin.actions')]}
        >
          {(endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              canEdit={canEdit}
              onEdit={() => setEditing(endpoint)}
              onDelete={() => setDeleting(endpoint)}
              onShowDeliveries={() => {
                setFilter(endpoint.id);
                document.getElementById('webhook-deliveries-heading')?.focus();
              }}
            />
          )}
        </DataTable>
      </section>
      <section aria-labelledby="webhook-deliveries-heading" className="section-stack">
        <h2 id="webhook-deliveries-heading" tabIndex={-1}>
          {deliveriesHeading}
        </h2>
        <div className="webhook-filter">
          <SelectField
            label={t('webhooksAdmin.endpointFilter')}
            value={filter}
            onChange={setFilter}
            placeholder={t('webhooksAdmin.allEndpoints')}
            options={(endpoints.data ?? []).map((e) => ({ value: e.id, label: e.url }))}
          />
          <button type="button" className="button secondary" onClick={() => void deliveries.refetch()}>
            {t('webhooksAdmin.refresh')}
          </button>
        </div>
        <FormAlert message={deliveries.isError ? t('staff.loadError') : undefined} />
        <DataTable
          rows={deliveries.data}
          failed={deliveries.isError}
          empty={t('webhooksAdmin.noDeliveries')}
          caption={deliveriesHeading}
          columns={[
            t('webhooksAdmin.event'),
            t('webhooksAdmin.outcome'),
            t('webhooksAdmin.attempts'),
            t('webhooksAdmin.statusCode'),
            t('webhooksAdmin.time'),
            t('webhooksAdmin.lastError'),
          ]}
        >
          {(delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />}
        </DataTable>
      </section>
      {editing && (
        <EndpointModal
          endpoint={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onCreated={(created) => {
            setEditing(undefined);
            setSecret(created);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('webhooksAdmin.deleteTitle')}
        text={t('webhooksAdmin.deleteText', { url: deleting?.url ?? '' })}
        deletedText={t('webhooksAdmin.deleted')}
        remove={remove}
        onDone={() => {
          if (deleting && filter === deleting.id) setFilter('');
          setDeleting(undefined);
        }}
      />
    </div>
  );
}
