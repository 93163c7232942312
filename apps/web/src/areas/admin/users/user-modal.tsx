import { useState, type FormEvent } from 'react';
import type { GlobalUser, Language, OrganisationRef, OrganisationUser } from '@prsp/contracts';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-fields';
import { showToast } from '../../../components/ui/toasts';
import type { FieldErrors } from '../../../lib/validation';
import { PresetAndRights } from './rights-editor';
import { MembershipsEditor } from './memberships-editor';
import { bodyOf, initialState, type UserFormState } from './user-form-model';
import { useSaveGlobalUser, useSaveOrganisationUser } from './users-api';
import { FormModal } from '../../../components/ui/form-modal';
import { useTranslation } from '../../../lib/i18n';

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
  const [initial] = useState(() => initialState(user, currentOrganisationId));
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const editing = Boolean(user);
  const set = <K extends keyof UserFormState>(key: K, value: UserFormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { schema, body } = bodyOf(scope, editing, state);
    const found = schemaErrors(schema, body);
    if (scope === 'global' && !editing && !state.organisationId) found.organisationId = 'organisationRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const onSuccess = () => {
      showToast(t(editing ? 'admin.users.saved' : 'admin.users.created'));
      onClose();
    };
    const onError = (err: unknown) => setErrors(serverFieldErrors(err));
    if (scope === 'global') saveGlobal.mutate({ id: user?.id, body: body as never }, { onSuccess, onError });
    else saveOrg.mutate({ id: user?.id, body: body as never }, { onSuccess, onError });
  };

  const failureKey = saveFailureKey(save.error);
  return (
    <FormModal
      title={t(editing ? 'admin.users.editTitle' : 'admin.users.addTitle')}
      dirty={JSON.stringify(state) !== JSON.stringify(initial) && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(editing ? 'staff.save' : 'admin.users.create')}
      busy={save.isPending}
    >
      <div className="form-grid">
        <TextField
          label={t('admin.users.firstName')}
          value={state.firstName}
          onChange={(v) => set('firstName', v)}
          error={errors.firstName}
          required
        />
        <TextField
          label={t('admin.users.lastName')}
          value={state.lastName}
          onChange={(v) => set('lastName', v)}
          error={errors.lastName}
          required
        />
        {editing ? (
          <p>
            <strong>{t('admin.users.email')}:</strong> {state.email}
          </p>
        ) : (
          <TextField
            label={t('admin.users.email')}
            type="email"
            value={state.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
            required
          />
        )}
        {!editing && (
          <SelectField
            label={t('admin.users.language')}
            value={state.language}
            onChange={(v) => set('language', v as Language)}
            options={(['fi', 'se', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          />
        )}
        {scope === 'global' && !editing && (
          <SelectField
            label={t('admin.users.organisation')}
            value={state.organisationId}
            placeholder={t('admin.users.chooseOrganisation')}
            onChange={(v) => set('organisationId', v)}
            error={errors.organisationId}
            options={organisations.map((o) => ({ value: o.id, label: o.name }))}
            required
          />
        )}
      </div>
      {editing && (
        <CheckboxField
          label={t('admin.users.active')}
          hint={t('admin.users.activeHint')}
          checked={state.active}
          onChange={(v) => set('active', v)}
        />
      )}
      {scope === 'global' && (
        <CheckboxField
          label={t('admin.users.globalAdmin')}
          hint={t('admin.users.globalAdminHint')}
          checked={state.isGlobalAdmin}
          onChange={(v) => set('isGlobalAdmin', v)}
        />
      )}
      {(scope === 'organisation' || !editing) && (
        <fieldset className="form">
          <legend>{t('admin.users.rightsLegend')}</legend>
          <PresetAndRights
            idPrefix="user"
            preset={state.preset}
            rights={state.rights}
            onChange={(preset, rights) => setState((s) => ({ ...s, preset, rights }))}
          />
        </fieldset>
      )}
      {scope === 'global' && editing && (
        <MembershipsEditor memberships={state.memberships} organisations={organisations} onChange={(m) => set('memberships', m)} />
      )}
      {!editing && <p className="hint">{t('admin.users.registrationNote')}</p>}
    </FormModal>
  );
}
