import en from '@/locales/en/presence.json';
import fi from '@/locales/fi/presence.json';
import sv from '@/locales/sv/presence.json';
import { addAreaTexts } from '@/lib/i18n';

/** Presence texts (`presence.*`, issue 32): the expert's status, the admin's settings, the patient's service card. */
addAreaTexts({ fi, se: sv, en });
