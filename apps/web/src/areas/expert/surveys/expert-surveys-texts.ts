import en from '@/locales/en/expert-surveys.json';
import fi from '@/locales/fi/expert-surveys.json';
import sv from '@/locales/sv/expert-surveys.json';
import { addAreaTexts } from '@/lib/i18n';

/** The expert's survey pages' texts (`expertSurveys.*`), loaded with those pages. */
addAreaTexts({ fi, se: sv, en });
