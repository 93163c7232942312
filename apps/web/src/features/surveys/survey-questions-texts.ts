import en from '@/locales/en/survey-questions.json';
import fi from '@/locales/fi/survey-questions.json';
import sv from '@/locales/sv/survey-questions.json';
import { addAreaTexts } from '@/lib/i18n';

/** The survey questions' own texts (`surveyQuestions.*`), for the runner and the admin preview alike. */
addAreaTexts({ fi, se: sv, en });
