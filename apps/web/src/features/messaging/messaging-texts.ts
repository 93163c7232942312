import en from '@/locales/en/messaging.json';
import fi from '@/locales/fi/messaging.json';
import sv from '@/locales/sv/messaging.json';
import { addAreaTexts } from '@/lib/i18n';

/** The shared messaging texts (`messaging.*`), brought by whichever page shows a thread or a composer. */
addAreaTexts({ fi, se: sv, en });
