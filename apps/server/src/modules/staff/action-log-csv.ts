import { toCsv } from '../../platform/csv';

export type ActionLogRow = {
  at: Date;
  action: string;
  objectType: string | null;
  objectId: string | null;
  onBehalfOf: string | null;
  ip: string | null;
};

export const ACTION_LOG_COLUMNS = ['at', 'action', 'objectType', 'objectId', 'onBehalfOf', 'ip'] as const;

/** A user's audited actions as the downloadable action log. */
export function actionLogCsv(rows: readonly ActionLogRow[]): string {
  return toCsv(
    ACTION_LOG_COLUMNS,
    rows.map((r) => [r.at.toISOString(), r.action, r.objectType, r.objectId, r.onBehalfOf, r.ip]),
  );
}
