import { useTranslation } from 'react-i18next';

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
  if (pages <= 1) return <p className="hint">{t('staff.pager.count', { count: total })}</p>;
  return (
    <nav className="pager" aria-label={t('staff.pager.label')}>
      <button type="button" className="button small secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('staff.pager.previous')}
      </button>
      <span aria-live="polite">{t('staff.pager.position', { page, pages })}</span>
      <button type="button" className="button small secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('staff.pager.next')}
      </button>
    </nav>
  );
}
