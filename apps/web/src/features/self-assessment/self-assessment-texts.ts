import en from '@/locales/en/self-assessment.json';
import fi from '@/locales/fi/self-assessment.json';
import sv from '@/locales/sv/self-assessment.json';
import { addAreaTexts } from '@/lib/i18n';

/** The self-assessment texts (`selfAssessment.*`): the chat's questionnaire stage and the expert's summary. */
addAreaTexts({ fi, se: sv, en });
