import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_BYTES } from '@veritext/contracts';

/** What the client can tell about a file before sending it (check-tool.md §5). */
export type AiFileProblem = 'format' | 'size' | 'formatAndSize';

/** A chosen file and what is wrong with it (null: ready to check). */
export type AiFileItem = { file: File; problem: AiFileProblem | null };

/** The detector's input: pasted text or one file, never both (§5: "text and files are exclusive"). */
export type AiInput = { text: string; file: AiFileItem | null };

export const EMPTY_INPUT: AiInput = { text: '', file: null };

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAcceptedExtension(name: string): boolean {
  return (ACCEPTED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function fileProblem(file: Pick<File, 'name' | 'size'>): AiFileProblem | null {
  const isBadFormat = !isAcceptedExtension(file.name);
  const isBadSize = file.size > MAX_FILE_BYTES || file.size <= 0;
  if (isBadFormat && isBadSize) return 'formatAndSize';
  if (isBadFormat) return 'format';
  return isBadSize ? 'size' : null;
}

/** The i18n key of each problem ('Bad file format', 'Bad file size', 'Bad file format or file size'). */
export const PROBLEM_KEYS = {
  format: 'ai.file.badFormat',
  size: 'ai.file.badSize',
  formatAndSize: 'ai.file.badFormatAndSize',
} as const satisfies Record<AiFileProblem, string>;

/**
 * Adds files (chosen or dropped): the AI detector keeps one, so the last replaces any earlier one, and
 * a file clears the pasted text. No file given changes nothing.
 */
export function addFiles(input: AiInput, files: ArrayLike<File>): AiInput {
  const file = files.length > 0 ? files[files.length - 1] : undefined;
  if (file === undefined) return input;
  return { text: '', file: { file, problem: fileProblem(file) } };
}

/** Typing text removes the file. */
export function changeText(input: AiInput, text: string): AiInput {
  return { text, file: text === '' ? input.file : null };
}

export function removeFile(input: AiInput): AiInput {
  return { ...input, file: null };
}

/** What the submit sends: the file when there is one (its length is the server's to check), else the text. */
export type AiSubmission = { kind: 'file'; file: File } | { kind: 'text'; text: string } | { kind: 'none' };

export function submissionOf(input: AiInput): AiSubmission {
  if (input.file !== null)
    return input.file.problem === null ? { kind: 'file', file: input.file.file } : { kind: 'none' };
  const text = input.text.trim();
  return text === '' ? { kind: 'none' } : { kind: 'text', text };
}

export function canSubmit(input: AiInput): boolean {
  return submissionOf(input).kind !== 'none';
}

/** A size in the reader's language, in binary units so the 25 MB limit reads as 25 MB. */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    { unit: 'megabyte', size: 1024 * 1024 },
    { unit: 'kilobyte', size: 1024 },
  ] as const;
  for (const { unit, size } of units) {
    if (bytes >= size) {
      return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
    }
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
}
