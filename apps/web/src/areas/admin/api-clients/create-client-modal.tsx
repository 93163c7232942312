import { useState, type FormEvent } from 'react';
import { ZApiClientCreate, type ApiClientCreated } from '@prsp/contracts';
import { TextField } from '../../../components/ui/form-fields';
import { FormModal } from '../../../components/ui/form-modal';
import { showToast } from '../../../components/ui/toasts';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/validation';
import { useCreateApiClient } from './api-clients-api';
import { useTranslation } from '../../../lib/i18n';

/** Names a new API client; the server's answer (with the secret) goes to `onCreated`, which shows it once. */
export function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiClientCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiClient();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name: name.trim() };
    const found = schemaErrors(ZApiClientCreate, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (created) => {
        showToast(t('apiClientsAdmin.createdToast'));
        onCreated(created);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const failureKey = saveFailureKey(create.error);
  return (
    <FormModal
      title={t('apiClientsAdmin.createTitle')}
      dirty={name.trim() !== '' && !create.isSuccess}
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
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={errors.name}
        required
      />
    </FormModal>
  );
}
