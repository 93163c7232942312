import en from '@/locales/en/push.json';
import fi from '@/locales/fi/push.json';
import sv from '@/locales/sv/push.json';
import { addAreaTexts } from '@/lib/i18n';

/** The notification settings' texts come with its code (small, so all three languages at once). */
addAreaTexts({ fi, se: sv, en });
