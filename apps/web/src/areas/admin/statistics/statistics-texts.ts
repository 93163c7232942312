import en from '@/locales/en/statistics.json';
import fi from '@/locales/fi/statistics.json';
import sv from '@/locales/sv/statistics.json';
import { addAreaTexts } from '@/lib/i18n';

/** The statistics page's texts (`statistics.*`), loaded with the admin app (the menu names the page). */
addAreaTexts({ fi, se: sv, en });
