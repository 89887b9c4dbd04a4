/** Spreadsheets for member lists: the first worksheet's non-empty rows, their cells as trimmed strings. */
import { parseCsv } from './csv.ts';
import { ExtractError } from './errors.ts';
import { parseXls } from './xls.ts';
import { parseXlsx } from './xlsx.ts';
import type { SheetRow, SpreadsheetExt } from './table.ts';

/**
 * Reads a spreadsheet in the calling thread. The server calls `readSpreadsheet`, which runs this in a worker
 * with memory and time limits; call this directly only on trusted input. Throws ExtractError.
 */
export function parseSpreadsheet(bytes: Uint8Array, ext: SpreadsheetExt): SheetRow[] {
  if (bytes.length === 0) throw new ExtractError('empty');
  let rows: SheetRow[];
  try {
    rows = ext === 'csv' ? parseCsv(bytes) : ext === 'xlsx' ? parseXlsx(bytes) : parseXls(bytes);
  } catch (e) {
    if (e instanceof ExtractError) throw e;
    if (e instanceof RangeError) throw new ExtractError('limits', String(e));
    throw new ExtractError('bad-format', String(e));
  }
  if (rows.length === 0) throw new ExtractError('empty');
  return rows;
}
