import type { FormEvent } from 'react';
import {
  API_CLIENT_SCOPES,
  FHIR_SCOPE_TYPES,
  FORMER_API_CLIENT_SCOPES,
  readScope,
  ZApiClientCreate,
  type ApiClientCreate,
  type ApiClientCreated,
  type ApiClientScope,
} from '@prsp/contracts';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey } from '@/lib/form-errors';
import { useCreateApiClient } from './api-clients-api';
import { useTranslation } from '@/lib/i18n';

type Form = { name: string; scopes: ApiClientScope[] };

/**
 * Names a new API client and picks what it may read, one scope per resource type (docs/fhir.md 'Scopes'): the six
 * types every client could read before scopes are ticked, secure messages and visits are not. The server's answer
 * (with the secret) goes to `onCreated`, which shows it once.
 */
export function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiClientCreated) => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const create = useCreateApiClient();
  const form = useZodForm<Form, ApiClientCreate>({
    schema: ZApiClientCreate,
    defaultValues: { name: '', scopes: [...FORMER_API_CLIENT_SCOPES] },
    toBody: ({ name, scopes }) => ({ name: name.trim(), scopes }),
  });
  const { values, errors } = form;

  // Kept in the vocabulary's order, whatever order they were ticked in.
  const toggle = (scope: ApiClientScope, on: boolean) =>
    form.set(
      'scopes',
      API_CLIENT_SCOPES.filter((s) => (s === scope ? on : values.scopes.includes(s))),
    );

  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      create.mutate(body, {
        onSuccess: (created) => {
          showToast(t('apiClientsAdmin.createdToast'));
          onCreated(created);
        },
        onError: form.showServerErrors,
      }),
    );

  const failureKey = saveFailureKey(create.error);
  const scopesError = fieldText(errors.scopes ?? errors['scopes.0']);
  return (
    <FormModal
      title={t('apiClientsAdmin.createTitle')}
      dirty={form.dirty && !create.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t('apiClientsAdmin.create')}
      busy={create.isPending}
    >
      <TextField
        label={t('apiClientsAdmin.name')}
        hint={t('apiClientsAdmin.nameHint')}
        autoComplete="off"
        {...form.field('name')}
        required
      />
      <fieldset aria-describedby={scopesError ? 'api-client-scopes-error' : 'api-client-scopes-hint'}>
        <legend>{t('apiClientsAdmin.scopes')}</legend>
        <p id="api-client-scopes-hint" className="hint">
          {t('apiClientsAdmin.scopesHint')}
        </p>
        {FHIR_SCOPE_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={
              <>
                {t(`apiClientsAdmin.scopeNames.${type}`)} <code>{type}</code>
              </>
            }
            hint={type === 'Communication' ? t('apiClientsAdmin.communicationHint') : undefined}
            checked={values.scopes.includes(readScope(type))}
            onChange={(on) => toggle(readScope(type), on)}
          />
        ))}
        {scopesError && (
          <p id="api-client-scopes-error" className="group-error">
            {scopesError}
          </p>
        )}
      </fieldset>
    </FormModal>
  );
}
