import type { Language } from '@prsp/contracts';
import { csvDateTime, spreadsheetCsv } from '../../platform/csv';
import { actionWords, objectTypeWords } from './action-log-words';

export type ActionLogRow = {
  at: Date;
  action: string;
  objectType: string | null;
  objectId: string | null;
  onBehalfOf: string | null;
  ip: string | null;
};

const HEADERS: Record<Language, readonly string[]> = {
  fi: ['Aika', 'Toiminto', 'Kohteen tyyppi', 'Kohde', 'Kenen puolesta', 'Osoite'],
  se: ['Tid', 'Åtgärd', 'Objekttyp', 'Objekt', 'För vems räkning', 'Adress'],
  en: ['Time', 'Action', 'Object type', 'Object', 'On behalf of', 'Address'],
};

/**
 * A user's audited actions as the downloadable action log (`spreadsheetCsv`): headers, actions and object types in the
 * admin's language (`action-log-words.ts`), times on the service's wall clock.
 */
export function actionLogCsv(rows: readonly ActionLogRow[], lang: Language): string {
  return spreadsheetCsv(
    HEADERS[lang],
    rows.map((r) => [
      csvDateTime(r.at, lang),
      actionWords(r.action, lang),
      objectTypeWords(r.objectType, lang),
      r.objectId,
      r.onBehalfOf,
      r.ip,
    ]),
  );
}
