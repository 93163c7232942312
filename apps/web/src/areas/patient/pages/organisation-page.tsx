import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { ApiError } from '@/lib/api-client';
import { useOrganisations, useSelectOrganisation } from '../api/patient-api';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { QueryState } from '@/components/ui/query-state';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'Organisation select modal': choosing one reloads the config and moves on to terms (the guards send a
 * patient without saved contact details to the contact form first). With no organisations the patient can only
 * log out or go to contact; closing the modal goes to contact.
 */
export function OrganisationPage() {
  const { t } = useTranslation();
  usePageTitle(t('organisation.title'));
  const navigate = useNavigate();
  const orgs = useOrganisations();
  const select = useSelectOrganisation();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? orgs.data?.selectedOrganisation ?? '';

  const body = () => {
    if (!orgs.data) return <QueryState error={orgs.error} onRetry={() => void orgs.refetch()} />;
    if (orgs.data.organisations.length === 0) {
      return (
        <>
          <p>{t('organisation.none')}</p>
          <div className="actions stacked">
            <button type="button" className="button" onClick={() => void navigate('/contact')}>
              {t('organisation.toContact')}
            </button>
            <button type="button" className="button secondary" onClick={() => void navigate('/logout')}>
              {t('menu.logout')}
            </button>
          </div>
        </>
      );
    }
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Awaited: the reloaded status may already move the guard on before a mutate callback would run.
          if (current)
            void select.mutateAsync(current).then(
              () => navigate('/terms', { replace: true }),
              () => undefined,
            );
        }}
      >
        <p>{t('organisation.text')}</p>
        <fieldset className="choice-list">
          <legend>{t('organisation.label')}</legend>
          {orgs.data.organisations.map((org) => (
            <label key={org.id} className="choice">
              <input type="radio" name="organisation" value={org.id} checked={current === org.id} onChange={() => setChosen(org.id)} />
              <span>{org.name}</span>
            </label>
          ))}
        </fieldset>
        {select.isError && (
          <p className="alert" role="alert">
            {t(select.error instanceof ApiError ? select.error.errorKey : 'errors.processing')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={!current || select.isPending}>
            {t('common.continue')}
          </button>
        </div>
      </form>
    );
  };

  // The modal opens once its content is there, so the browser focuses the first choice in it.
  if (orgs.isPending) return <Loading />;
  const close = () => void navigate('/contact', { replace: true });
  return (
    <ModalDialog open title={t('organisation.title')} headingLevel={1} onClose={close}>
      {body()}
      <div className="modal-close">
        <button type="button" className="button link" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
