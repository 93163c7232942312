import en from '@/locales/en/quick-replies.json';
import fi from '@/locales/fi/quick-replies.json';
import sv from '@/locales/sv/quick-replies.json';
import { addAreaTexts } from '@/lib/i18n';

/** The quick replies' texts (`quickReplies.*`, and the expert's `expertAlerts.*`), for the admin and expert apps. */
addAreaTexts({ fi, se: sv, en });
