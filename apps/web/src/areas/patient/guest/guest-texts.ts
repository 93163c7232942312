import en from '@/locales/en/guest.json';
import fi from '@/locales/fi/guest.json';
import sv from '@/locales/sv/guest.json';
import { addAreaTexts } from '@/lib/i18n';

// The guest pages' texts, loaded with the guest pages only (a patient never downloads them).
addAreaTexts({ fi, se: sv, en });
