import en from '@/locales/en/emergency.json';
import fi from '@/locales/fi/emergency.json';
import sv from '@/locales/sv/emergency.json';
import { addAreaTexts } from '@/lib/i18n';

/** The emergency instruction's texts (`emergency.*`): the chat's self-assessment and the survey runner show it. */
addAreaTexts({ fi, se: sv, en });
