import {
  ACCEPTED_FILE_EXTENSIONS,
  MAX_FILE_BYTES,
  TEXT_VALIDATION_CODE,
  type TextValidateResponse,
} from '@veritext/contracts';

/** The file statuses of check-tool.md §4, plus `done` once the server accepted the upload. */
export const FILE_STATUSES = [
  'ready-to-upload',
  'ready-to-check',
  'in-process',
  'done',
  'warning-percent-english',
  'warning-percent-letters',
  'error-file-format',
  'error-file-size',
  'error-number-symbols',
  'error-number-words',
  'error-maximum-symbols',
  'error-unknown',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** A file of the check form (check-tool.md §3). `error` holds the server's message for error-unknown. */
export type FileItem = {
  id: string;
  file: File;
  name: string;
  type: string;
  pages: number;
  hash: string | null;
  status: FileStatus;
  isNew: boolean;
  error: string | null;
  /** The text state the server answered after the upload (data.text.state). */
  textState: number | null;
};

/** The `accept` attribute of the upload input. */
export const FILE_ACCEPT = ACCEPTED_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Last-modified time plus name: the same file picked twice has the same id (check-tool.md §3). */
export function fileIdOf(file: Pick<File, 'lastModified' | 'name'>): string {
  return `${String(file.lastModified)}${file.name}`;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function isAcceptedExtension(extension: string): boolean {
  return (ACCEPTED_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

/** A new file: ready to upload (verify), or a format or size error (check-tool.md §4, §5). */
export function createFileItem(file: File): FileItem {
  const type = extensionOf(file.name);
  let status: FileStatus = 'ready-to-upload';
  if (!isAcceptedExtension(type)) status = 'error-file-format';
  else if (file.size > MAX_FILE_BYTES) status = 'error-file-size';
  return {
    id: fileIdOf(file),
    file,
    name: file.name,
    type,
    pages: 0,
    hash: null,
    status,
    isNew: true,
    error: null,
    textState: null,
  };
}

/**
 * Adds picked or dropped files: duplicates (same id) are ignored; in AI mode only one file is kept, the
 * last new one replacing earlier ones (check-tool.md §5). `added` are the items that were new.
 */
export function addFiles(
  current: readonly FileItem[],
  incoming: readonly File[],
  options: { aiMode: boolean },
): { items: FileItem[]; added: FileItem[] } {
  const known = new Set(current.map((item) => item.id));
  const added: FileItem[] = [];
  for (const file of incoming) {
    const id = fileIdOf(file);
    if (known.has(id)) continue;
    known.add(id);
    added.push(createFileItem(file));
  }
  if (options.aiMode) {
    const last = added.at(-1);
    return last === undefined ? { items: [...current], added: [] } : { items: [last], added: [last] };
  }
  return { items: [...current, ...added], added };
}

/** The status of a verification code (check-tool.md §4): a clean text (null) is ready to check. */
export function statusForCode(code: number | null): FileStatus {
  switch (code) {
    case null:
      return 'ready-to-check';
    case TEXT_VALIDATION_CODE.badFormat:
      return 'error-file-format';
    case TEXT_VALIDATION_CODE.tooFewSymbols:
      return 'error-number-symbols';
    case TEXT_VALIDATION_CODE.tooFewWords:
      return 'error-number-words';
    case TEXT_VALIDATION_CODE.warningPercentLetters:
      return 'warning-percent-letters';
    case TEXT_VALIDATION_CODE.warningPercentEnglish:
      return 'warning-percent-english';
    case TEXT_VALIDATION_CODE.maximumSymbols:
      return 'error-maximum-symbols';
    default:
      return 'error-unknown';
  }
}

/** The item after its verification answer: pages and hash when it can be checked (warnings included). */
export function applyVerification(item: FileItem, answer: TextValidateResponse): FileItem {
  const status = answer.success && answer.code === null ? 'ready-to-check' : statusForCode(answer.code);
  const keepsPages = isUploadableStatus(status);
  return {
    ...item,
    status,
    isNew: false,
    pages: keepsPages ? answer.pages : 0,
    hash: keepsPages ? answer.hash : null,
    error: status === 'error-unknown' ? answer.message : null,
  };
}

/** A verification or upload that failed on the way (network, bad file): the row shows the error. */
export function applyFailure(item: FileItem, code: string | null, message: string): FileItem {
  const status: FileStatus =
    code === 'file_unreadable' || code === 'file_invalid' ? 'error-file-format' : 'error-unknown';
  return { ...item, status, isNew: false, error: status === 'error-unknown' ? message : null };
}

export function isUploadableStatus(status: FileStatus): boolean {
  return status === 'ready-to-check' || status === 'warning-percent-letters' || status === 'warning-percent-english';
}

export function isUploadable(item: FileItem): boolean {
  return isUploadableStatus(item.status);
}

export function isErrorStatus(status: FileStatus): boolean {
  return status.startsWith('error-');
}

/** Pages of the files that will be sent. */
export function uploadablePages(items: readonly FileItem[]): number {
  return items.filter(isUploadable).reduce((sum, item) => sum + item.pages, 0);
}

/** Whether any file still waits for its verification. */
export function isVerifying(items: readonly FileItem[]): boolean {
  return items.some((item) => item.status === 'ready-to-upload');
}

export type FileStatusKey =
  | 'check.file.status.verifying'
  | 'check.file.status.ready'
  | 'check.file.status.warning'
  | 'check.file.status.sending'
  | 'check.file.status.done'
  | 'check.file.status.error';

/** The short status word of a row. */
export function fileStatusKey(status: FileStatus): FileStatusKey {
  if (status === 'ready-to-upload') return 'check.file.status.verifying';
  if (status === 'ready-to-check') return 'check.file.status.ready';
  if (status === 'in-process') return 'check.file.status.sending';
  if (status === 'done') return 'check.file.status.done';
  if (status.startsWith('warning-')) return 'check.file.status.warning';
  return 'check.file.status.error';
}

export type FileTooltipKey =
  | 'check.file.tooltip.format'
  | 'check.file.tooltip.size'
  | 'check.file.tooltip.minSymbols'
  | 'check.file.tooltip.minWords'
  | 'check.file.tooltip.maxSymbols'
  | 'check.file.tooltip.letters'
  | 'check.file.tooltip.english';

/** The tooltip of a row (check-tool.md §8): a catalogue key, the server's message (error-unknown), or none. */
export function fileTooltip(item: FileItem): { key: FileTooltipKey } | { message: string } | null {
  switch (item.status) {
    case 'error-file-format':
      return { key: 'check.file.tooltip.format' };
    case 'error-file-size':
      return { key: 'check.file.tooltip.size' };
    case 'error-number-symbols':
      return { key: 'check.file.tooltip.minSymbols' };
    case 'error-number-words':
      return { key: 'check.file.tooltip.minWords' };
    case 'error-maximum-symbols':
      return { key: 'check.file.tooltip.maxSymbols' };
    case 'warning-percent-letters':
      return { key: 'check.file.tooltip.letters' };
    case 'warning-percent-english':
      return { key: 'check.file.tooltip.english' };
    case 'error-unknown':
      return item.error === null || item.error === '' ? null : { message: item.error };
    case 'ready-to-upload':
    case 'ready-to-check':
    case 'in-process':
    case 'done':
      return null;
  }
}

/** Rows read 'ready' or 'error' (check-tool.md §2); warnings stay ready. */
export function fileRowTone(status: FileStatus): 'ready' | 'error' {
  return isErrorStatus(status) ? 'error' : 'ready';
}

export type FileSubmitErrorKey = 'check.error.noFiles' | 'check.error.noValidFiles';

/** 'No files to process' without files; 'No valid files to upload' when none can be sent (check-tool.md §5). */
export function fileSubmitError(items: readonly FileItem[]): FileSubmitErrorKey | null {
  if (items.length === 0) return 'check.error.noFiles';
  if (!items.some((item) => isUploadable(item) || item.status === 'ready-to-upload')) return 'check.error.noValidFiles';
  return null;
}
