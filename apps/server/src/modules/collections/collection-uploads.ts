import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { COLLECTION_FILE_EXTENSIONS, WIKIPEDIA_DUMP_EXTENSIONS } from '@veritext/contracts';

/**
 * The files of an upload into a reference collection, written under a fresh folder of DATA_DIR for the import
 * job to read. A folder upload names each file by its path relative to the chosen folder
 * ("essays/2024/a.txt"); those paths are kept (they become the documents' names) but may never leave the folder.
 */

/** The folder under DATA_DIR that holds uploads waiting for their import. */
export const UPLOADS_FOLDER = 'collection-uploads';

const MAX_SEGMENTS = 32;
const MAX_SEGMENT_LENGTH = 200;
const ACCEPTED = new Set<string>(COLLECTION_FILE_EXTENSIONS);

/**
 * A safe relative path (forward slashes) for an uploaded file name, or null when nothing usable is left.
 * Backslashes count as separators; empty, `.` and `..` segments are dropped (so "../../etc/x" becomes "etc/x"
 * and "/abs/x" becomes "abs/x"); control and reserved characters become `_`; over-long segments are cut.
 */
export function sanitizeRelativePath(fileName: string): string | null {
  const segments = fileName
    .replace(/\\/g, '/')
    .split('/')
    .map((segment) =>
      segment
        .normalize('NFC')
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
        .replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_')
        .trim()
        .slice(0, MAX_SEGMENT_LENGTH),
    )
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (segments.length === 0) return null;
  return segments.slice(-MAX_SEGMENTS).join('/');
}

/** Whether the import reads this file: JSONL or a document the extractor knows, not hidden. */
export function isImportable(relativePath: string): boolean {
  if (relativePath.split('/').some((segment) => segment.startsWith('.'))) return false;
  const base = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && ACCEPTED.has(base.slice(dot + 1).toLowerCase());
}

function withSuffix(relative: string, n: number): string {
  const dot = relative.lastIndexOf('.');
  const slash = relative.lastIndexOf('/');
  return dot > slash + 1
    ? `${relative.slice(0, dot)} (${String(n)})${relative.slice(dot)}`
    : `${relative} (${String(n)})`;
}

export type PlannedUpload<T> = { relative: string; file: T };

/**
 * Decides where each file goes: importable files get a unique safe path (a repeated one gets " (2)"), the rest
 * are counted as ignored.
 */
export function planUploads<T extends { fileName: string }>(
  files: readonly T[],
): { planned: PlannedUpload<T>[]; ignored: number } {
  const planned: PlannedUpload<T>[] = [];
  const taken = new Set<string>();
  let ignored = 0;
  for (const file of files) {
    const relative = sanitizeRelativePath(file.fileName);
    if (relative === null || !isImportable(relative)) {
      ignored++;
      continue;
    }
    let unique = relative;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = withSuffix(relative, n);
    taken.add(unique.toLowerCase());
    planned.push({ relative: unique, file });
  }
  return { planned, ignored };
}

/** Writes the files under a fresh folder of `dataDir`; returns its absolute path. Nothing is left on failure. */
export async function storeUploads(
  dataDir: string,
  planned: readonly PlannedUpload<{ bytes: Uint8Array }>[],
): Promise<string> {
  const root = path.resolve(dataDir, UPLOADS_FOLDER, randomUUID());
  try {
    await mkdir(root, { recursive: true });
    for (const { relative, file } of planned) {
      const target = path.resolve(root, ...relative.split('/'));
      // sanitizeRelativePath already rules this out; a second look costs nothing
      if (!target.startsWith(root + path.sep)) throw new Error(`Refusing to write outside the upload: ${relative}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.bytes, { flag: 'wx' });
    }
  } catch (error) {
    await removeUploadDir(root);
    throw error;
  }
  return root;
}

/** A dump the upload route has written to disk: its folder, the file, its size. */
export type StoredDump = { dir: string; file: string; bytes: number };

/** The name an uploaded dump is stored under (its sanitised base name), or null when it does not end like a dump. */
export function dumpFileName(fileName: string): string | null {
  const relative = sanitizeRelativePath(fileName);
  if (relative === null) return null;
  const base = relative.slice(relative.lastIndexOf('/') + 1);
  const lower = base.toLowerCase();
  return WIKIPEDIA_DUMP_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length) ? base : null;
}

/**
 * Streams an uploaded dump to a fresh folder of `dataDir` as it arrives (it may be tens of gigabytes: it never
 * sits in memory). Nothing is left when the stream fails (a client gone, the size limit passed).
 */
export async function storeDump(dataDir: string, fileName: string, stream: Readable): Promise<StoredDump> {
  const dir = path.resolve(dataDir, UPLOADS_FOLDER, randomUUID());
  const file = path.join(dir, fileName);
  try {
    await mkdir(dir, { recursive: true });
    await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
    return { dir, file, bytes: (await stat(file)).size };
  } catch (error) {
    await removeUploadDir(dir);
    throw error;
  }
}

export async function removeUploadDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
