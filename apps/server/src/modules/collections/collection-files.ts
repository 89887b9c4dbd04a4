import { createReadStream, type Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { extOf, extractText, EXTENSIONS, ExtractError } from '@veritext/extract';
import type { Language } from '@veritext/text';

/**
 * Reading the documents of a reference collection from disk: a folder walked recursively, or one file.
 * Documents are files whose text `@veritext/extract` can read (txt, rtf, doc, docx, odt, pdf, ppt, pptx, odp),
 * one document each, and JSONL files, one document per line ({id?, title?, url?, text}: the format of
 * wikiextractor's --json output among others).
 */

/** Bad input as a whole (nothing is imported): its message is for the operator. */
export class CollectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CollectionError';
  }
}

/**
 * One document as read, before indexing. `ref` is its stable name inside the collection; `language`, when the
 * source says it (a Wikipedia's), spares the engine detecting it.
 */
export type ReadDocument = { ref: string; title: string; url: string | null; text: string; language?: Language };

/** A document that could not be read: where (file, and line for JSONL) and why. */
export type ReadFailure = { file: string; line?: number; message: string };

export type ReadOutcome = { ok: true; document: ReadDocument } | { ok: false; failure: ReadFailure };

/** A document to read: JSONL lines are ready at once, files are extracted when `read` is called. */
export type DocumentTask = () => Promise<ReadOutcome>;

export type CollectionInput = {
  /** Files to import, with their path relative to the imported folder (forward slashes). */
  files: { absolute: string; relative: string; kind: 'jsonl' | 'document' }[];
  /** How many documents the files hold (JSONL lines that are not blank count one each). */
  total: number;
  /** Files skipped for their type (hidden files, unknown extensions). */
  ignored: number;
};

export const JSONL_EXTENSION = 'jsonl';

function kindOf(fileName: string): 'jsonl' | 'document' | undefined {
  if (fileName.toLowerCase().endsWith(`.${JSONL_EXTENSION}`)) return 'jsonl';
  return extOf(fileName) === undefined ? undefined : 'document';
}

function describeFsError(error: unknown, target: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `No such file or folder: ${target}`;
  if (code === 'EACCES' || code === 'EPERM') return `Cannot read ${target}: permission denied`;
  if (code === 'ENOTDIR') return `Not a folder: ${target}`;
  return `Cannot read ${target}: ${error instanceof Error ? error.message : String(error)}`;
}

async function walk(root: string, dir: string, out: CollectionInput['files']): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new CollectionError(describeFsError(error, dir), { cause: error });
  }
  let ignored = 0;
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const absolute = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) {
      ignored++;
    } else if (entry.isDirectory()) {
      ignored += await walk(root, absolute, out);
    } else if (entry.isFile()) {
      const kind = kindOf(entry.name);
      if (kind === undefined) ignored++;
      else out.push({ absolute, relative: path.relative(root, absolute).split(path.sep).join('/'), kind });
    } else {
      ignored++; // symbolic links, sockets: not followed
    }
  }
  return ignored;
}

async function countJsonlLines(file: string): Promise<number> {
  let count = 0;
  try {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) if (line.trim() !== '') count++;
  } catch (error) {
    throw new CollectionError(describeFsError(error, file), { cause: error });
  }
  return count;
}

const ACCEPTED = `.${JSONL_EXTENSION}, ${EXTENSIONS.map((e) => `.${e}`).join(', ')}`;

/** Finds what to import under `target` (a folder, walked recursively, or one file); throws CollectionError on bad input. */
export async function scanInput(target: string): Promise<CollectionInput> {
  let info;
  try {
    info = await stat(target);
  } catch (error) {
    throw new CollectionError(describeFsError(error, target), { cause: error });
  }
  const files: CollectionInput['files'] = [];
  let ignored = 0;
  if (info.isDirectory()) {
    ignored = await walk(target, target, files);
    if (files.length === 0) {
      throw new CollectionError(`${target} holds no files to import (accepted: ${ACCEPTED})`);
    }
  } else if (info.isFile()) {
    const kind = kindOf(target);
    if (kind === undefined) throw new CollectionError(`Cannot import ${target}: the accepted files are ${ACCEPTED}`);
    files.push({ absolute: target, relative: path.basename(target), kind });
  } else {
    throw new CollectionError(`Not a file or folder: ${target}`);
  }
  let total = 0;
  for (const file of files) total += file.kind === 'jsonl' ? await countJsonlLines(file.absolute) : 1;
  if (total === 0) throw new CollectionError(`${target} holds no documents (its JSONL files are empty)`);
  return { files, total, ignored };
}

function parseJsonlLine(
  line: string,
): { ok: true; value: Omit<ReadDocument, 'ref'> & { id?: string } } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'not a JSON object' };
  }
  const record = value as Record<string, unknown>;
  const { id, title, url, text } = record;
  if (typeof text !== 'string' || text.trim() === '')
    return { ok: false, message: '"text" must be a non-empty string' };
  let key: string | undefined;
  if (typeof id === 'string' && id.trim() !== '') key = id;
  else if (typeof id === 'number' && Number.isInteger(id)) key = String(id);
  else if (id !== undefined) return { ok: false, message: '"id" must be a non-empty string or an integer' };
  if (title !== undefined && title !== null && typeof title !== 'string')
    return { ok: false, message: '"title" must be a string' };
  if (url !== undefined && url !== null && typeof url !== 'string')
    return { ok: false, message: '"url" must be a string' };
  return {
    ok: true,
    value: {
      ...(key === undefined ? {} : { id: key }),
      title: typeof title === 'string' ? title : '',
      url: typeof url === 'string' && url !== '' ? url : null,
      text,
    },
  };
}

/**
 * The documents of the input in order, as tasks. A JSONL line without an id is named by its file and line
 * number; a document file by its relative path.
 */
export async function* documentTasks(input: CollectionInput): AsyncGenerator<DocumentTask> {
  for (const file of input.files) {
    if (file.kind === 'document') {
      yield () => readDocumentFile(file.absolute, file.relative);
      continue;
    }
    const lines = createInterface({ input: createReadStream(file.absolute), crlfDelay: Infinity });
    let lineNumber = 0;
    for await (const raw of lines) {
      lineNumber++;
      const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (line.trim() === '') continue;
      const parsed = parseJsonlLine(line);
      const at = lineNumber;
      const outcome: ReadOutcome = parsed.ok
        ? {
            ok: true,
            document: {
              ref: parsed.value.id ?? `${file.relative}#${at}`,
              title: parsed.value.title !== '' ? parsed.value.title : (parsed.value.id ?? `${file.relative}#${at}`),
              url: parsed.value.url,
              text: parsed.value.text,
            },
          }
        : { ok: false, failure: { file: file.relative, line: at, message: parsed.message } };
      yield () => Promise.resolve(outcome);
    }
  }
}

async function readDocumentFile(absolute: string, relative: string): Promise<ReadOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    return { ok: false, failure: { file: relative, message: describeFsError(error, relative) } };
  }
  try {
    const { text } = await extractText(bytes, absolute);
    if (text.trim() === '') return { ok: false, failure: { file: relative, message: 'the file contains no text' } };
    return { ok: true, document: { ref: relative, title: relative, url: null, text } };
  } catch (error) {
    if (error instanceof ExtractError) return { ok: false, failure: { file: relative, message: error.message } };
    throw error;
  }
}
