import { useId, useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useChangeLocation, useLocationOptions } from '../api/location-api';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { languageTag } from '@prsp/contracts';

/**
 * Spec §2 and §4 'Change location': choose a municipality; Change is disabled unless a different one is chosen;
 * success reloads the config and goes to the landing; 501 means no organisation serves that area.
 */
export function ChangeLocationPage() {
  const { t } = useTranslation();
  usePageTitle(t('changeLocation.title'));
  const navigate = useNavigate();
  const lang = currentLanguage();
  const options = useLocationOptions();
  const change = useChangeLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const current = options.data?.current ?? '';
  const value = chosen ?? current;
  const failure =
    change.error instanceof ApiError && change.error.statusCode === 501
      ? 'errors.noMatchingArea'
      : change.isError
        ? 'errors.processing'
        : null;
  const collator = new Intl.Collator(languageTag(lang));
  const areas = [...(options.data?.areas ?? [])].sort((a, b) => collator.compare(a.name[lang], b.name[lang]));
  const currentArea = areas.find((a) => a.id === current);
  const currentOrganisation = options.data?.currentOrganisation ?? null;
  const target = areas.find((a) => a.id === value);
  // Spec §4: moving to an area another organisation serves changes the patient's provider; they confirm it first.
  const providerChanges = Boolean(target && currentOrganisation && target.organisation.id !== currentOrganisation.id);
  const move = () => {
    setConfirming(false);
    void change.mutateAsync(value).then(
      () => {
        showToast(t('changeLocation.changed'));
        return navigate('/landing');
      },
      () => undefined,
    );
  };

  return (
    <section className="card">
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1>{t('changeLocation.title')}</h1>
      <p>{t('changeLocation.intro')}</p>
      {options.data && (
        <dl className="facts">
          <dt>{t('changeLocation.currentArea')}</dt>
          <dd>{currentArea ? currentArea.name[lang] : t('changeLocation.noCurrentArea')}</dd>
          {currentOrganisation && (
            <>
              <dt>{t('changeLocation.currentProvider')}</dt>
              <dd>{currentOrganisation.name}</dd>
            </>
          )}
        </dl>
      )}
      {!options.data ? (
        <QueryState error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (value && value !== current) {
              if (providerChanges) setConfirming(true);
              else move();
            }
          }}
        >
          <div className={`field${failure ? ' has-error' : ''}`}>
            <label htmlFor={selectId}>{t('changeLocation.label')}</label>
            <select
              id={selectId}
              value={value}
              onChange={(e) => {
                setChosen(e.target.value);
                change.reset();
              }}
              aria-describedby={failure ? errorId : undefined}
              aria-invalid={failure ? true : undefined}
            >
              <option value="">{t('contact.choose')}</option>
              {areas.map((a) => (
                <option key={a.id} value={a.id} disabled={a.id === current}>
                  {a.id === current ? t('changeLocation.currentOption', { name: a.name[lang] }) : a.name[lang]}
                </option>
              ))}
            </select>
            {failure && (
              <p id={errorId} className="field-error" role="alert">
                {t(failure)}
              </p>
            )}
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={!value || value === current || change.isPending}>
              {t('changeLocation.submit')}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('changeLocation.confirmTitle')}
        text={
          <p>
            {t('changeLocation.confirmText', {
              area: target?.name[lang] ?? '',
              from: currentOrganisation?.name ?? '',
              to: target?.organisation.name ?? '',
            })}
          </p>
        }
        confirmLabel={t('changeLocation.confirm')}
        busy={change.isPending}
        onConfirm={move}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
