import en from '@/locales/en/visit-notes.json';
import fi from '@/locales/fi/visit-notes.json';
import sv from '@/locales/sv/visit-notes.json';
import { addAreaTexts } from '@/lib/i18n';

/** The visit notes' and the visit summary's texts (`visitNotes.*`), beside a chat on the desk and in the history. */
addAreaTexts({ fi, se: sv, en });
