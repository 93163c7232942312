import en from '@/locales/en/survey-frame.json';
import fi from '@/locales/fi/survey-frame.json';
import sv from '@/locales/sv/survey-frame.json';
import { addAreaTexts } from '@/lib/i18n';

/** The survey frame's texts (`surveyFrame.*`): the page around the frame and the runner inside it. */
addAreaTexts({ fi, se: sv, en });
