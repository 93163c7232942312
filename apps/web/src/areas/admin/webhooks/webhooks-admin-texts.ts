import en from '@/locales/en/webhooks-admin.json';
import fi from '@/locales/fi/webhooks-admin.json';
import sv from '@/locales/sv/webhooks-admin.json';
import { addAreaTexts } from '@/lib/i18n';

/** The webhooks page's texts (`webhooksAdmin.*`), loaded with the admin app (the menu names the page). */
addAreaTexts({ fi, se: sv, en });
