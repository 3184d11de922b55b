/** A column of a table the owner can read on screen and take away as CSV. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  /** How the table shows a number (money, milliseconds); the CSV keeps the bare number. */
  format?: (value: number) => string;
}

/**
 * The rows as CSV (RFC 4180): every cell quoted, quotes doubled, and a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) led by an apostrophe, as wallpaper names are typed by people.
 */
export function toCsv<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  return [columns.map((column) => cell(column.header)), ...rows.map((row) => columns.map((c) => cell(c.value(row))))]
    .map((line) => line.join(','))
    .join('\r\n');
}

/** Hands the browser a CSV file to save. */
export function saveCsv(fileName: string, csv: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
