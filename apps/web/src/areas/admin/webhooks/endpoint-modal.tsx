import type { FormEvent } from 'react';
import {
  WEBHOOK_EVENTS,
  ZWebhookEndpointCreate,
  ZWebhookEndpointUpdate,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEvent,
} from '@prsp/contracts';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey } from '@/lib/form-errors';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './webhooks-api';
import { useTranslation } from '@/lib/i18n';

type Form = { url: string; events: WebhookEvent[]; active: boolean };

/**
 * Add an endpoint (its URL and events; the server answers its signing secret, which `onCreated` shows once), or
 * change an existing one's events and whether it is on. The URL of an endpoint does not change: a new address gets
 * a new endpoint and a new secret.
 */
export function EndpointModal({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const save = endpoint ? update : create;
  // The URL of an existing endpoint does not change: an update sends whether it is on and its events.
  const form = useZodForm<Form, WebhookEndpointCreate | WebhookEndpointUpdate>({
    schema: endpoint ? ZWebhookEndpointUpdate : ZWebhookEndpointCreate,
    defaultValues: {
      url: endpoint?.url ?? '',
      events: (endpoint?.events ?? []).filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
      active: endpoint?.active ?? true,
    },
    toBody: (f) => (endpoint ? { active: f.active, events: f.events } : { url: f.url.trim(), events: f.events }),
  });
  const { values, errors } = form;

  const toggle = (event: WebhookEvent, on: boolean) =>
    form.set(
      'events',
      WEBHOOK_EVENTS.filter((e) => (e === event ? on : values.events.includes(e))),
    );

  const submit = (e: FormEvent) =>
    form.submit(e, (body) => {
      if (endpoint) {
        update.mutate(
          { id: endpoint.id, body: body as WebhookEndpointUpdate },
          {
            onSuccess: () => {
              showToast(t('webhooksAdmin.saved'));
              onClose();
            },
            onError: form.showServerErrors,
          },
        );
        return;
      }
      create.mutate(body as WebhookEndpointCreate, {
        onSuccess: (created) => {
          showToast(t('webhooksAdmin.created'));
          onCreated(created.secret);
        },
        onError: form.showServerErrors,
      });
    });

  const failureKey = saveFailureKey(save.error);
  const eventsError = fieldText(errors.events ?? errors['events.0']);
  return (
    <FormModal
      title={t(endpoint ? 'webhooksAdmin.editTitle' : 'webhooksAdmin.addTitle')}
      dirty={form.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(endpoint ? 'staff.save' : 'webhooksAdmin.create')}
      busy={save.isPending}
    >
      {endpoint ? (
        <p className="webhook-url">
          <strong>{t('webhooksAdmin.url')}:</strong> <code>{endpoint.url}</code>
        </p>
      ) : (
        <TextField
          label={t('webhooksAdmin.url')}
          hint={t('webhooksAdmin.urlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          {...form.field('url')}
          required
        />
      )}
      <fieldset aria-describedby={eventsError ? 'webhook-events-error' : 'webhook-events-hint'}>
        <legend>{t('webhooksAdmin.events')}</legend>
        <p id="webhook-events-hint" className="hint">
          {t('webhooksAdmin.eventsHint')}
        </p>
        {WEBHOOK_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            label={t(`webhooksAdmin.eventNames.${event}`)}
            checked={values.events.includes(event)}
            onChange={(on) => toggle(event, on)}
          />
        ))}
        {eventsError && (
          <p id="webhook-events-error" className="group-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      {endpoint && <CheckboxField label={t('webhooksAdmin.active')} {...form.checkbox('active')} />}
    </FormModal>
  );
}
