export {
  extractText,
  readSpreadsheet,
  extractionLoad,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_MAX_PER_CALLER,
  DEFAULT_TIMEOUT_MS,
  EXTRACT_SLOTS,
  RUNNING_PER_CALLER,
  SMALL_FILE_BYTES,
  SMALL_FILE_TIMEOUT_MS,
  type ExtractOptions,
} from './extract.ts';
export { parseDocument } from './parse.ts';
export { parseSpreadsheet } from './sheet.ts';
export { ExtractError, EXTRACT_MESSAGES, MAX_FILE_BYTES, fileStatusFor, type ExtractErrorCode } from './errors.ts';
export { EXTENSIONS, extOf, type Ext, type Extracted, type HiddenSpan } from './types.ts';
export {
  MEMBER_FILE_MAX_BYTES,
  MAX_SPREADSHEET_COLUMNS,
  MAX_SPREADSHEET_ROWS,
  SPREADSHEET_EXTENSIONS,
  spreadsheetExtOf,
  type SheetRow,
  type SpreadsheetExt,
} from './table.ts';
export { MAX_ZIP_RATIO, MAX_ZIP_UNCOMPRESSED } from './zip.ts';
export { lowerThreadPriority } from './priority.ts';
