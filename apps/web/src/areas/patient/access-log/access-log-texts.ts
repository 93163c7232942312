import en from '@/locales/en/access-log.json';
import fi from '@/locales/fi/access-log.json';
import sv from '@/locales/sv/access-log.json';
import { addAreaTexts } from '@/lib/i18n';

/** The access log's texts (the patient's section and the admins' search) come with its code, all three languages at once. */
addAreaTexts({ fi, se: sv, en });
