import { Loading } from '../route-fallbacks';
import { useTranslation } from '@/lib/i18n';

/** What a page shows while its data loads, or when loading failed (with a way to try again). */
export function QueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return <Loading />;
  return (
    <div className="alert" role="alert">
      <p>{t('ui.loadError')}</p>
      <button type="button" className="button secondary" onClick={onRetry}>
        {t('ui.retry')}
      </button>
    </div>
  );
}
