import type { AuditSearchRow, Language } from '@prsp/contracts';
import { csvDateTime, spreadsheetCsv } from '../../platform/csv';

const HEADERS: Record<Language, readonly string[]> = {
  fi: ['Aika', 'Tekijä', 'Rooli', 'Toiminto', 'Kohteen tyyppi', 'Kohde', 'Potilas'],
  se: ['Tid', 'Utförare', 'Roll', 'Åtgärd', 'Objekttyp', 'Objekt', 'Patient'],
  en: ['Time', 'Who', 'Role', 'Action', 'Object type', 'Object', 'Patient'],
};

/**
 * The admin's search of the organisation's audit log as the downloadable file (`spreadsheetCsv`: BOM, `;`): the
 * same columns as the page, in the admin's language, times on the service's wall clock.
 */
export function auditSearchCsv(rows: readonly AuditSearchRow[], lang: Language): string {
  return spreadsheetCsv(
    HEADERS[lang],
    rows.map((r) => [
      csvDateTime(new Date(r.at), lang),
      r.actorName,
      r.roleText,
      r.actionText,
      r.objectTypeText,
      r.objectId,
      r.patient?.name ?? '',
    ]),
  );
}
