import en from '@/locales/en/calendar.json';
import fi from '@/locales/fi/calendar.json';
import sv from '@/locales/sv/calendar.json';
import { addAreaTexts } from '@/lib/i18n';

/** The week and day calendar's texts (`calendar.*`), loaded with the staff areas that show it. */
addAreaTexts({ fi, se: sv, en });
