/** Why a file could not give text. Each code has one English message meant for the user. */
export type ExtractErrorCode =
  'bad-format' | 'too-large' | 'encrypted' | 'empty' | 'no-text' | 'limits' | 'too-long' | 'busy';

/** Upload limit from the spec (§5): 25 MB. */
export const MAX_FILE_BYTES = 26_214_400;

export const EXTRACT_MESSAGES: Readonly<Record<ExtractErrorCode, string>> = {
  'bad-format': 'Bad file format',
  'too-large': 'Bad file size',
  encrypted: 'Bad file format: the file is password-protected. Remove the password and upload it again.',
  empty: 'Bad file format: the file contains no text.',
  'no-text': 'Bad file format: the PDF contains only images (a scan) and no text layer.',
  limits: 'Bad file format or file size: the file is too complex to read within our limits.',
  // the callers word these two themselves (the text check's maximum, a 429); these are the fall-backs
  'too-long': 'Text is too long. Maximum number of symbols allowed for check exceeded.',
  busy: 'Your earlier files are still being read. Please wait a moment and try again.',
};

/** The file status the spec gives a file that fails with this code (§4). */
export function fileStatusFor(
  code: ExtractErrorCode,
): 'error-file-format' | 'error-file-size' | 'error-maximum-symbols' | 'error-unknown' {
  if (code === 'too-large') return 'error-file-size';
  if (code === 'too-long') return 'error-maximum-symbols';
  if (code === 'busy') return 'error-unknown';
  return 'error-file-format';
}

export class ExtractError extends Error {
  readonly code: ExtractErrorCode;
  /** Internal detail for logs; never shown to the user. */
  readonly detail: string | undefined;

  constructor(code: ExtractErrorCode, detail?: string) {
    super(EXTRACT_MESSAGES[code]);
    this.name = 'ExtractError';
    this.code = code;
    this.detail = detail;
  }
}

export function isExtractErrorCode(value: unknown): value is ExtractErrorCode {
  return typeof value === 'string' && Object.hasOwn(EXTRACT_MESSAGES, value);
}
