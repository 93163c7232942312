import en from '@/locales/en/api-clients.json';
import fi from '@/locales/fi/api-clients.json';
import sv from '@/locales/sv/api-clients.json';
import { addAreaTexts } from '@/lib/i18n';

/** The API clients page's texts (`apiClientsAdmin.*`), loaded with the admin app (the menu names the page). */
addAreaTexts({ fi, se: sv, en });
