import { describe, expect, it } from 'vitest';
import { toCsv, type Column } from './csv.ts';

interface Row {
  name: string;
  sold: number;
  lcp: number | null;
}
const columns: Column<Row>[] = [
  { header: 'Wallpaper', value: (row) => row.name },
  { header: 'Sold', value: (row) => row.sold },
  { header: 'LCP (ms)', value: (row) => row.lcp },
];

describe('toCsv', () => {
  it('writes a header and one quoted line per row, empty cells for missing figures', () => {
    expect(toCsv(columns, [{ name: 'Blue hour', sold: 3, lcp: null }])).toBe(
      '"Wallpaper","Sold","LCP (ms)"\r\n"Blue hour","3",""',
    );
  });

  it('doubles quotes and keeps commas and line breaks inside a cell', () => {
    expect(toCsv(columns, [{ name: 'The "big", blue\nsky', sold: 1, lcp: 1800 }]).split('\r\n')[1]).toBe(
      '"The ""big"", blue\nsky","1","1800"',
    );
  });

  it('keeps a name that a spreadsheet would run as a formula as text', () => {
    expect(toCsv(columns, [{ name: '=HYPERLINK("x")', sold: -1, lcp: 0 }]).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")","-1","0"`,
    );
  });
});
