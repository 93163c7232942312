import en from '../../locales/en/patient.json';
import fi from '../../locales/fi/patient.json';
import sv from '../../locales/sv/patient.json';
import { addAreaTexts } from '../../lib/i18n';

addAreaTexts({ fi, se: sv, en });
