import { saveCsv, toCsv, type Column } from '../../../lib/csv.ts';

/** A report's figures as a table, with a button that saves the same columns and rows as CSV. */
export function ReportTable<Row>({
  caption,
  fileName,
  columns,
  rows,
  empty,
}: {
  caption: string;
  fileName: string;
  columns: Column<Row>[];
  rows: Row[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <div className="report-table">
      <div className="report-table__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.header}>{shown(column, row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => saveCsv(fileName, toCsv(columns, rows))}
      >
        Download CSV
      </button>
    </div>
  );
}

function shown<Row>(column: Column<Row>, row: Row): string | number {
  const value = column.value(row);
  if (value === null) return '–';
  return typeof value === 'number' && column.format ? column.format(value) : value;
}
