import en from '@/locales/en/surveys-admin.json';
import fi from '@/locales/fi/surveys-admin.json';
import sv from '@/locales/sv/surveys-admin.json';
import { addAreaTexts } from '@/lib/i18n';

/** The admin's survey texts (`surveysAdmin.*`): the list, the builder, and the survey choosers of other forms. */
addAreaTexts({ fi, se: sv, en });
