import en from '@/locales/en/audit-log.json';
import fi from '@/locales/fi/audit-log.json';
import sv from '@/locales/sv/audit-log.json';
import { addAreaTexts } from '@/lib/i18n';

/** The audit log search's texts (`auditLog.*`), loaded with the admin app (the menu names the page). */
addAreaTexts({ fi, se: sv, en });
