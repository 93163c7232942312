import { useState, type FormEvent } from 'react';
import type { StaffUserData } from '@prsp/contracts';
import { FormAlert } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useSetOrganisation } from '@/features/staff/staff-api';
import { showToast } from '@/components/ui/toasts';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'organisation selection and change modals': after sign-in the admin must choose where to work
 * (only a global admin, who also has the global menus, may dismiss it); later the same list changes it.
 */
export function OrganisationChoiceModal({
  user,
  open,
  mode,
  onClose,
  onLogout,
}: {
  user: StaffUserData;
  open: boolean;
  mode: 'select' | 'change';
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const setOrganisation = useSetOrganisation();
  const [chosen, setChosen] = useState(user.organisation?.id ?? user.organisations[0]?.id ?? '');
  const [error, setError] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError(true);
      return;
    }
    setOrganisation.mutate(chosen, {
      onSuccess: () => {
        const name = user.organisations.find((o) => o.id === chosen)?.name ?? '';
        showToast(t('admin.organisationChoice.changed', { name }));
        onClose();
      },
    });
  };

  return (
    <ModalDialog
      open={open}
      title={t(mode === 'select' ? 'admin.organisationChoice.selectTitle' : 'admin.organisationChoice.changeTitle')}
      onClose={onClose}
      closable={mode === 'change' || user.isGlobalAdmin}
      closeLabel={t('staff.close')}
    >
      {user.organisations.length === 0 ? (
        <>
          <p>{t('admin.organisationChoice.none')}</p>
          <button type="button" className="button secondary" onClick={onLogout}>
            {t('staff.logout')}
          </button>
        </>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <FormAlert message={setOrganisation.error ? t('staff.actionError') : undefined} />
          <fieldset aria-describedby={error ? 'org-choice-error' : undefined}>
            <legend>{t('admin.organisationChoice.legend')}</legend>
            {user.organisations.map((org) => (
              <label key={org.id} className="check">
                <input
                  type="radio"
                  name="organisation"
                  value={org.id}
                  checked={chosen === org.id}
                  onChange={() => {
                    setChosen(org.id);
                    setError(false);
                  }}
                />
                <span>{org.name}</span>
              </label>
            ))}
            {error && (
              <p id="org-choice-error" className="group-error">
                {t('staffFields.organisationRequired')}
              </p>
            )}
          </fieldset>
          <div className="actions">
            <button type="submit" className="button" disabled={setOrganisation.isPending}>
              {t('admin.organisationChoice.submit')}
            </button>
            {mode === 'select' && (
              <button type="button" className="button secondary" onClick={onLogout}>
                {t('staff.logout')}
              </button>
            )}
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
