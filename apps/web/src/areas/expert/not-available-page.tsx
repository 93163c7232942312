import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/route-fallbacks';

/** A menu entry whose screen comes with a later release: the 'not available yet' page every area shares. */
export function NotAvailablePage({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <NotAvailable page={t(labelKey)} home="/expert/desktop" homeLabel={t('expert.notAvailable.back')} />;
}
