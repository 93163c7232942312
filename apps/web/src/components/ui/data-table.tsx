import type { ReactNode } from 'react';
import { Loading } from '../route-fallbacks';

/**
 * An admin list's table: loading until the rows are there (nothing when loading failed, the page shows the
 * error), a text when there are none, else the table with a caption for screen readers and one header row.
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
      <table className="data">
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
