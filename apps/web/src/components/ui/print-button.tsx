import { useTranslation } from '@/lib/i18n';

/**
 * The browser's print dialog for the page (window.print). The print stylesheet (styles/print.css) leaves the app's
 * chrome and every button, this one too, off the paper.
 */
export function PrintButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="button secondary print-button" onClick={() => window.print()}>
      {t('ui.print')}
    </button>
  );
}
