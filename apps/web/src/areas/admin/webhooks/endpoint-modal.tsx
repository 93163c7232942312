import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, ZWebhookEndpointCreate, ZWebhookEndpointUpdate, type WebhookEndpoint, type WebhookEvent } from '@prsp/contracts';
import { CheckboxField, TextField } from '../../../components/ui/form-fields';
import { FormModal } from '../../../components/ui/form-modal';
import { showToast } from '../../../components/ui/toasts';
import { useFieldText } from '../../../lib/field-text';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/validation';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './webhooks-api';
import { useTranslation } from '../../../lib/i18n';

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
  const [initial] = useState<Form>(() => ({
    url: endpoint?.url ?? '',
    events: (endpoint?.events ?? []).filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    active: endpoint?.active ?? true,
  }));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const toggle = (event: WebhookEvent, on: boolean) => {
    setForm((f) => ({ ...f, events: WEBHOOK_EVENTS.filter((e) => (e === event ? on : f.events.includes(e))) }));
    setErrors((e) => ({ ...e, events: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const onError = (err: Error) => setErrors(serverFieldErrors(err));
    if (endpoint) {
      const body = { active: form.active, events: form.events };
      const found = schemaErrors(ZWebhookEndpointUpdate, body);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: () => {
            showToast(t('webhooksAdmin.saved'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const body = { url: form.url.trim(), events: form.events };
    const found = schemaErrors(ZWebhookEndpointCreate, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (created) => {
        showToast(t('webhooksAdmin.created'));
        onCreated(created.secret);
      },
      onError,
    });
  };

  const failureKey = saveFailureKey(save.error);
  const eventsError = fieldText(errors.events ?? errors['events.0']);
  return (
    <FormModal
      title={t(endpoint ? 'webhooksAdmin.editTitle' : 'webhooksAdmin.addTitle')}
      dirty={JSON.stringify(form) !== JSON.stringify(initial) && !save.isSuccess}
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
          value={form.url}
          onChange={(url) => {
            setForm((f) => ({ ...f, url }));
            setErrors((e) => ({ ...e, url: undefined }));
          }}
          error={errors.url}
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
            checked={form.events.includes(event)}
            onChange={(on) => toggle(event, on)}
          />
        ))}
        {eventsError && (
          <p id="webhook-events-error" className="group-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      {endpoint && (
        <CheckboxField label={t('webhooksAdmin.active')} checked={form.active} onChange={(active) => setForm((f) => ({ ...f, active }))} />
      )}
    </FormModal>
  );
}
