import type { CSSProperties, ReactNode } from 'react';
import { Loading } from '../route-fallbacks';

/** The column names as CSS strings (`--col-1: "Name"`), so a narrow screen can show each cell under its name. */
export function columnLabels(columns: readonly ReactNode[]): CSSProperties {
  return Object.fromEntries(
    columns.flatMap((column, i) => (typeof column === 'string' ? [[`--col-${i + 1}`, JSON.stringify(column)]] : [])),
  ) as CSSProperties;
}

/**
 * A list's table: loading until the rows are there (nothing when loading failed, the page shows the error), a text
 * when there are none, else the table with a caption for screen readers and one header row. On a narrow screen
 * (360 px) each row becomes a card with every cell under its column's name, so the row's actions stay in reach
 * without scrolling sideways.
 */
export function DataTable<Row>({
  rows,
  failed,
  empty,
  caption,
  columns,
  children,
}: {
  rows: readonly Row[] | undefined;
  failed: boolean;
  empty: string;
  caption: string;
  columns: ReactNode[];
  children: (row: Row) => ReactNode;
}) {
  if (!rows) return failed ? null : <Loading />;
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="table-wrap">
      <table className="data stack" style={columnLabels(columns)}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}
