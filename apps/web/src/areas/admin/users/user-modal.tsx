import { useState, type FormEvent } from 'react';
import type { GlobalUser, Language, OrganisationRef, OrganisationUser } from '@prsp/contracts';
import { saveFailureKey } from '@/lib/form-errors';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { PresetAndRights } from './rights-editor';
import { MembershipsEditor } from './memberships-editor';
import { bodyOf, initialState, type UserFormState } from './user-form-model';
import { useSaveGlobalUser, useSaveOrganisationUser } from './users-api';
import { FormModal } from '@/components/ui/form-modal';
import { useTranslation } from '@/lib/i18n';

/** Create or edit an admin user (spec §3 'Admin user', §5 'User'); creating sends the registration e-mail. */
export function UserModal({
  scope,
  user,
  organisations,
  currentOrganisationId,
  onClose,
}: {
  scope: 'organisation' | 'global';
  user?: OrganisationUser | GlobalUser;
  organisations: OrganisationRef[];
  currentOrganisationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const saveOrg = useSaveOrganisationUser();
  const saveGlobal = useSaveGlobalUser();
  const save = scope === 'global' ? saveGlobal : saveOrg;
  const editing = Boolean(user);
  // Each of the four calls has its own contract schema (user-form-model.ts); the modal's scope and mode stay put.
  const [schema] = useState(() => bodyOf(scope, editing, initialState(user, currentOrganisationId)).schema);
  const form = useZodForm<UserFormState, ReturnType<typeof bodyOf>['body']>({
    schema,
    defaultValues: initialState(user, currentOrganisationId),
    toBody: (s) => bodyOf(scope, editing, s).body,
    rules: (s, _body, found) => ({
      ...found,
      ...(scope === 'global' && !editing && !s.organisationId ? { organisationId: 'organisationRequired' } : {}),
    }),
  });
  const { values: state, field } = form;

  const submit = (e: FormEvent) =>
    form.submit(e, (body) => {
      const onSuccess = () => {
        showToast(t(editing ? 'admin.users.saved' : 'admin.users.created'));
        onClose();
      };
      const onError = form.showServerErrors;
      if (scope === 'global') saveGlobal.mutate({ id: user?.id, body: body as never }, { onSuccess, onError });
      else saveOrg.mutate({ id: user?.id, body: body as never }, { onSuccess, onError });
    });

  const failureKey = saveFailureKey(save.error);
  return (
    <FormModal
      title={t(editing ? 'admin.users.editTitle' : 'admin.users.addTitle')}
      dirty={form.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(editing ? 'staff.save' : 'admin.users.create')}
      busy={save.isPending}
    >
      <div className="form-grid">
        <TextField label={t('admin.users.firstName')} {...field('firstName')} required />
        <TextField label={t('admin.users.lastName')} {...field('lastName')} required />
        {editing ? (
          <p>
            <strong>{t('admin.users.email')}:</strong> {state.email}
          </p>
        ) : (
          <TextField label={t('admin.users.email')} type="email" {...field('email')} required />
        )}
        {!editing && (
          <SelectField
            label={t('admin.users.language')}
            value={state.language}
            onChange={(v) => form.set('language', v as Language)}
            options={(['fi', 'se', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          />
        )}
        {scope === 'global' && !editing && (
          <SelectField
            label={t('admin.users.organisation')}
            placeholder={t('admin.users.chooseOrganisation')}
            {...field('organisationId')}
            options={organisations.map((o) => ({ value: o.id, label: o.name }))}
            required
          />
        )}
      </div>
      {editing && <CheckboxField label={t('admin.users.active')} hint={t('admin.users.activeHint')} {...form.checkbox('active')} />}
      {scope === 'global' && (
        <CheckboxField label={t('admin.users.globalAdmin')} hint={t('admin.users.globalAdminHint')} {...form.checkbox('isGlobalAdmin')} />
      )}
      {(scope === 'organisation' || !editing) && (
        <fieldset className="form">
          <legend>{t('admin.users.rightsLegend')}</legend>
          <PresetAndRights
            idPrefix="user"
            preset={state.preset}
            rights={state.rights}
            onChange={(preset, rights) => {
              form.set('preset', preset);
              form.set('rights', rights);
            }}
          />
        </fieldset>
      )}
      {scope === 'global' && editing && (
        <MembershipsEditor memberships={state.memberships} organisations={organisations} onChange={(m) => form.set('memberships', m)} />
      )}
      {!editing && <p className="hint">{t('admin.users.registrationNote')}</p>}
    </FormModal>
  );
}
