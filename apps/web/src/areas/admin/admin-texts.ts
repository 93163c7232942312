import en from '@/locales/en/admin.json';
import fi from '@/locales/fi/admin.json';
import sv from '@/locales/sv/admin.json';
import { addAreaTexts } from '@/lib/i18n';

addAreaTexts({ fi, se: sv, en });
