import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/route-fallbacks';

/** The name each screen of a later issue goes by (its menu entry, where it has one). */
const PAGE_NAMES = {
  survey: 'notAvailable.pages.survey',
  guest: 'notAvailable.pages.guest',
} as const;

export type LaterPage = keyof typeof PAGE_NAMES;

/** Routes that later parts of the product fill (survey, guest). */
export function NotAvailablePage({ page }: { page: LaterPage }) {
  const { t } = useTranslation();
  return <NotAvailable page={t(PAGE_NAMES[page])} home="/landing" homeLabel={t('common.backToHome')} />;
}
