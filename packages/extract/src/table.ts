/** The limits and the table a spreadsheet reader fills: shared by the CSV, xlsx and xls readers. */
import { ExtractError } from './errors.ts';

/** Largest member list file the spec accepts (§5): 1 MiB. */
export const MEMBER_FILE_MAX_BYTES = 1_048_576;
export const SPREADSHEET_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;
export type SpreadsheetExt = (typeof SPREADSHEET_EXTENSIONS)[number];
/** More non-empty rows than this, or cells past this column, fail with ExtractError 'limits'. */
export const MAX_SPREADSHEET_ROWS = 5000;
export const MAX_SPREADSHEET_COLUMNS = 50;

/** The lower-cased extension of a file name when it is a spreadsheet we read, else undefined. */
export function spreadsheetExtOf(fileName: string): SpreadsheetExt | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (SPREADSHEET_EXTENSIONS as readonly string[]).includes(ext) ? (ext as SpreadsheetExt) : undefined;
}

/** A non-empty row of a sheet: `line` is its 1-based row number in the sheet (what a spreadsheet app shows). */
export type SheetRow = { line: number; cells: string[] };

/**
 * Collects cells in any order (xlsx and xls may skip cells and rows) and gives the rows back trimmed, with
 * trailing empty cells and empty rows dropped. Enforces the row and column limits as cells arrive, so a
 * hostile sheet cannot grow the table before it is refused.
 */
export class SheetBuilder {
  /** Sparse rows: a cell never set is a hole. */
  private readonly rows = new Map<number, (string | undefined)[]>();

  set(row: number, col: number, value: string): void {
    const text = value.trim();
    if (text === '') return;
    if (col >= MAX_SPREADSHEET_COLUMNS) throw new ExtractError('limits', `a cell in column ${col + 1}`);
    let cells = this.rows.get(row);
    if (cells === undefined) {
      if (this.rows.size >= MAX_SPREADSHEET_ROWS) throw new ExtractError('limits', 'too many rows');
      cells = [];
      this.rows.set(row, cells);
    }
    cells[col] = text;
  }

  build(): SheetRow[] {
    return [...this.rows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([row, cells]) => ({ line: row + 1, cells: Array.from(cells, (c) => c ?? '') }));
  }
}

/** A number as a spreadsheet shows it in General format: 15 significant digits, no trailing ".0". */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toPrecision(15)));
}

/** Built-in number formats that show a date (day, month or year): 14-17 and 22. */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 22]);

/** Whether a number format shows a date: a built-in date id, or a format code with d or y outside quotes. */
export function isDateFormat(id: number, code: string | undefined): boolean {
  if (BUILTIN_DATE_FORMATS.has(id)) return true;
  if (code === undefined) return false;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare);
}

/** A date serial as YYYY-MM-DD; `date1904` for workbooks that count from 1904 (old Mac Excel). */
export function serialToDate(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return undefined; // up to 9999-12-31
  // Excel counts 1900-02-29, which did not exist: serials before it are one day later than from 1899-12-30.
  const days = Math.floor(serial) + (date1904 ? 1462 : serial < 60 ? 1 : 0);
  const ms = Date.UTC(1899, 11, 30) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
