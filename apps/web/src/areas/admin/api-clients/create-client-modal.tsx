import type { FormEvent } from 'react';
import { ZApiClientCreate, type ApiClientCreate, type ApiClientCreated } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { saveFailureKey } from '@/lib/form-errors';
import { useCreateApiClient } from './api-clients-api';
import { useTranslation } from '@/lib/i18n';

/** Names a new API client; the server's answer (with the secret) goes to `onCreated`, which shows it once. */
export function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiClientCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiClient();
  const form = useZodForm<{ name: string }, ApiClientCreate>({
    schema: ZApiClientCreate,
    defaultValues: { name: '' },
    toBody: ({ name }) => ({ name: name.trim() }),
  });

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
  return (
    <FormModal
      title={t('apiClientsAdmin.createTitle')}
      dirty={form.values.name.trim() !== '' && !create.isSuccess}
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
    </FormModal>
  );
}
