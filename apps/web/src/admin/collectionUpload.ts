import {
  COLLECTION_FILE_EXTENSIONS,
  COLLECTION_NAME_PATTERN,
  COLLECTION_UPLOAD_MAX_BYTES,
  COLLECTION_UPLOAD_MAX_FILE_BYTES,
  COLLECTION_UPLOAD_MAX_FILES,
  type CollectionImport,
} from '@veritext/contracts';
import { formatCount, formatDecimal, NBSP } from '../i18n/format.ts';

/**
 * The pure parts of the reference-collection upload page: what a name may be, which picked files are sent
 * and under which relative path, and the progress of the upload and of the import.
 */

export type NameProblem = 'required' | 'invalid';

/** The same rule as the server: 1 to 63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit. */
export function validateCollectionName(name: string): NameProblem | null {
  if (name === '') return 'required';
  return COLLECTION_NAME_PATTERN.test(name) ? null : 'invalid';
}

/** A name suggested from a title or folder: lower-cased, other characters turned into '-'. */
export function suggestCollectionName(source: string): string {
  return source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** What the page knows of a picked file (a File, or a test's stand-in). */
export type PickedFile = { name: string; size: number; webkitRelativePath?: string };

/** A file picked from a folder (input webkitdirectory) carries its path from the chosen folder; a plain pick its name. */
export function relativePathOf(file: PickedFile, dropPath?: string): string {
  const raw =
    dropPath ??
    (file.webkitRelativePath !== undefined && file.webkitRelativePath !== '' ? file.webkitRelativePath : file.name);
  return raw
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .join('/');
}

const ACCEPTED = new Set<string>(COLLECTION_FILE_EXTENSIONS);

/** The `accept` of the file input. */
export const COLLECTION_FILE_ACCEPT = COLLECTION_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export type SkipReason = 'type' | 'tooLarge' | 'duplicate';

export type UploadItem<F extends PickedFile = PickedFile> = { file: F; path: string };

export type UploadSelection<F extends PickedFile = PickedFile> = {
  items: UploadItem<F>[];
  skipped: { path: string; reason: SkipReason }[];
};

function isImportable(path: string): boolean {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && ACCEPTED.has(base.slice(dot + 1).toLowerCase());
}

/**
 * Adds picked files to a selection: files of other types (and hidden ones, like .DS_Store), files over 25 MB
 * and a path already chosen are skipped with their reason.
 */
export function addToSelection<F extends PickedFile>(
  selection: UploadSelection<F>,
  picked: readonly { file: F; path?: string }[],
): UploadSelection<F> {
  const items = [...selection.items];
  const skipped = [...selection.skipped];
  const taken = new Set(items.map((item) => item.path.toLowerCase()));
  for (const { file, path: dropPath } of picked) {
    const path = relativePathOf(file, dropPath);
    if (path === '' || !isImportable(path)) skipped.push({ path: path === '' ? file.name : path, reason: 'type' });
    else if (file.size > COLLECTION_UPLOAD_MAX_FILE_BYTES) skipped.push({ path, reason: 'tooLarge' });
    else if (taken.has(path.toLowerCase())) skipped.push({ path, reason: 'duplicate' });
    else {
      taken.add(path.toLowerCase());
      items.push({ file, path });
    }
  }
  return { items, skipped };
}

export const EMPTY_SELECTION: UploadSelection<never> = { items: [], skipped: [] };

export type SelectionProblem = 'noFiles' | 'tooManyFiles' | 'tooLarge';

/** Whether the selection can be sent in one upload (the server's limits). */
export function selectionProblem(selection: UploadSelection): SelectionProblem | null {
  if (selection.items.length === 0) return 'noFiles';
  if (selection.items.length > COLLECTION_UPLOAD_MAX_FILES) return 'tooManyFiles';
  // the multipart framing adds a few hundred bytes a file
  if (totalBytes(selection) + selection.items.length * 512 > COLLECTION_UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

export function totalBytes(selection: UploadSelection): number {
  return selection.items.reduce((sum, item) => sum + item.file.size, 0);
}

/** A whole percent from 0 to 100; 0 while the total is unknown. */
export function percentOf(done: number, total: number | null): number {
  if (total === null || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

/**
 * The import's progress: documents handled (imported or failed) out of those its files hold; for a Wikipedia dump,
 * whose article count is known only at its end, the share of the file read.
 */
export function importProgress(
  imp: Pick<CollectionImport, 'state' | 'total' | 'done' | 'failed'> & { wikipedia?: CollectionImport['wikipedia'] },
): {
  handled: number;
  total: number | null;
  percent: number | null;
} {
  const handled = imp.done + imp.failed;
  if (imp.state === 'done' || imp.state === 'failed') return { handled, total: imp.total, percent: 100 };
  if (imp.wikipedia != null && imp.state === 'running') {
    return { handled, total: null, percent: percentOf(imp.wikipedia.bytes_done, imp.wikipedia.bytes_total) };
  }
  // queued, or running before its first batch: the total is not known yet (an indeterminate bar)
  if (imp.total === null) return { handled, total: null, percent: null };
  return { handled, total: imp.total, percent: percentOf(handled, imp.total) };
}

export function isImportFinished(state: CollectionImport['state']): boolean {
  return state === 'done' || state === 'failed';
}

/**
 * Bytes as B, KB, MB or GB with one decimal above KB, in the language's number format ("1.5 GB", "1,5 GB"); a
 * no-break space keeps the unit on the number's line.
 */
export function formatBytes(bytes: number, language = 'en'): string {
  if (bytes < 1024) return `${formatCount(bytes, language)}${NBSP}B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatDecimal(value, language, unit === 0 ? 0 : 1)}${NBSP}${units[unit] ?? 'GB'}`;
}

/* ---- folders dropped on the page: walked through the entries API ---- */

/** The parts of FileSystemEntry the walk uses (a test passes plain objects). */
export type DroppedEntry =
  | {
      isFile: true;
      isDirectory: false;
      fullPath: string;
      file: (ok: (file: File) => void, fail: (e: unknown) => void) => void;
    }
  | {
      isFile: false;
      isDirectory: true;
      fullPath: string;
      createReader: () => { readEntries: (ok: (entries: DroppedEntry[]) => void, fail: (e: unknown) => void) => void };
    };

async function readAll(entry: Extract<DroppedEntry, { isDirectory: true }>): Promise<DroppedEntry[]> {
  const reader = entry.createReader();
  const all: DroppedEntry[] = [];
  // readEntries answers in chunks (100 in Chrome) until an empty one
  for (;;) {
    const chunk = await new Promise<DroppedEntry[]>((resolve, reject) => {
      reader.readEntries(resolve, reject);
    });
    if (chunk.length === 0) return all;
    all.push(...chunk);
  }
}

/** The files under dropped entries, each with its path from the drop ("essays/2024/a.txt"); depth-first. */
export async function filesFromEntries(entries: readonly DroppedEntry[]): Promise<{ file: File; path: string }[]> {
  const out: { file: File; path: string }[] = [];
  for (const entry of entries) {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => {
        entry.file(resolve, reject);
      });
      out.push({ file, path: entry.fullPath.replace(/^\/+/, '') });
    } else {
      out.push(...(await filesFromEntries(await readAll(entry))));
    }
  }
  return out;
}
