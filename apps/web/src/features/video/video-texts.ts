import en from '@/locales/en/video.json';
import fi from '@/locales/fi/video.json';
import sv from '@/locales/sv/video.json';
import { addAreaTexts } from '@/lib/i18n';

/** The video texts, brought by whichever page shows a call or the device check. */
addAreaTexts({ fi, se: sv, en });
