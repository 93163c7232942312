import en from '@/locales/en/queue-board.json';
import fi from '@/locales/fi/queue-board.json';
import sv from '@/locales/sv/queue-board.json';
import { addAreaTexts } from '@/lib/i18n';

/** The queue board's texts (`queueBoard.*`), loaded with the admin and expert apps (their menus name the page). */
addAreaTexts({ fi, se: sv, en });
