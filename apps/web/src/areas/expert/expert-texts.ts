import en from '@/locales/en/expert.json';
import fi from '@/locales/fi/expert.json';
import sv from '@/locales/sv/expert.json';
import { addAreaTexts } from '@/lib/i18n';

addAreaTexts({ fi, se: sv, en });
