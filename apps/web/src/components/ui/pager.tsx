import { useTranslation } from '@/lib/i18n';

/** Previous and next page of a list, with where the user is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return <p className="hint">{t('ui.pager.count', { count: total })}</p>;
  return (
    <nav className="pager" aria-label={t('ui.pager.label')}>
      <button type="button" className="button small secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ui.pager.previous')}
      </button>
      <span aria-live="polite">{t('ui.pager.position', { page, pages })}</span>
      <button type="button" className="button small secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}
