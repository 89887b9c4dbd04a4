import { COLLECTION_NAME_PATTERN, type CollectionImport } from '@veritext/contracts';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import {
  findCollectionImport,
  finishCollectionImport,
  insertCollectionImport,
  insertWikipediaImport,
  listOpenCollectionImports,
  skippedOf,
  type CollectionImportRow,
} from './collection-imports.repository.ts';
import { planUploads, removeUploadDir, storeUploads, type StoredDump } from './collection-uploads.ts';
import { CollectionError } from './collection-files.ts';
import { collectionImportJob, wikipediaImportJob } from './collections.jobs.ts';
import { probeDump } from './wikipedia-dump.ts';

/**
 * Uploads into reference collections from the product: the files are stored, an import row records the
 * progress, and the job collection-import.v1 runs importCollection (the same as the admin CLI) on them.
 */

export type JobSender = Pick<JobQueue, 'send'>;

export function presentCollectionImport(row: CollectionImportRow): CollectionImport {
  return {
    id: row.id,
    kind: row.kind,
    name: row.collection_name,
    title: row.title,
    state: row.state,
    files: row.files,
    ignored: row.ignored,
    total: row.total,
    done: row.done,
    failed: row.failed,
    failures: row.failures.map((f) => ({
      file: f.file,
      ...(f.line === undefined ? {} : { line: f.line }),
      message: f.message,
    })),
    error: row.error,
    created: row.created_at.toISOString(),
    finished: row.finished_at === null ? null : row.finished_at.toISOString(),
    wikipedia:
      row.kind === 'wikipedia'
        ? {
            pages: row.pages_done,
            skipped: skippedOf(row),
            bytes_done: row.bytes_done,
            bytes_total: row.source_bytes ?? 0,
          }
        : null,
  };
}

/**
 * Stores the uploaded files under a fresh folder of `dataDir` and queues their import into collection `name`.
 * Files of other types (and hidden ones) are skipped and counted; an upload with nothing to import is refused.
 */
export async function startCollectionUpload(
  db: Database,
  queue: JobSender,
  input: { dataDir: string; name: string; title: string | undefined; userId: number; files: readonly UploadedFile[] },
  logger: Pick<Logger, 'error'>,
): Promise<{ id: number; state: 'queued' }> {
  if (!COLLECTION_NAME_PATTERN.test(input.name))
    throw new AppError('validation_failed', { fields: { name: 'Invalid name' } });
  const title = input.title?.trim();
  if (input.files.length === 0) {
    throw new AppError('validation_failed', { fields: { files: 'Choose one or more files to upload.' } });
  }
  const { planned, ignored } = planUploads(input.files);
  if (planned.length === 0) {
    throw new AppError('validation_failed', {
      message: 'None of the files can be imported.',
      fields: { files: 'Accepted: .jsonl, .txt, .rtf, .doc, .docx, .odt, .pdf, .ppt, .pptx, .odp' },
    });
  }
  const uploadDir = await storeUploads(input.dataDir, planned);
  let row: CollectionImportRow;
  try {
    row = await insertCollectionImport(db, {
      name: input.name,
      title: title === undefined || title === '' ? null : title,
      userId: input.userId,
      uploadDir,
      files: planned.length,
      ignored,
    });
  } catch (error) {
    await removeUploadDir(uploadDir);
    throw error;
  }
  try {
    await queue.send(collectionImportJob, { importId: row.id });
  } catch (error) {
    logger.error({ err: error, importId: row.id }, 'collection import could not be queued');
    await finishCollectionImport(db, row.id, {
      state: 'failed',
      total: null,
      done: 0,
      failed: 0,
      failures: [],
      error: 'The import could not be queued. Please try again.',
    });
    await removeUploadDir(uploadDir);
    throw error;
  }
  return { id: row.id, state: 'queued' };
}

/**
 * Queues the import of an uploaded Wikipedia dump into collection `name` (job wikipedia-import.v1). The dump must
 * look like one (bzip2 or XML); the caller deletes its folder when this throws.
 */
export async function startWikipediaUpload(
  db: Database,
  queue: JobSender,
  input: { name: string; title: string | undefined; userId: number; dump: StoredDump | null },
  logger: Pick<Logger, 'error'>,
): Promise<{ id: number; state: 'queued' }> {
  if (!COLLECTION_NAME_PATTERN.test(input.name))
    throw new AppError('validation_failed', { fields: { name: 'Invalid name' } });
  if (input.dump === null) {
    throw new AppError('validation_failed', {
      fields: { dump: 'Choose a Wikipedia dump: a .xml.bz2 file (or its .xml).' },
    });
  }
  try {
    await probeDump(input.dump.file);
  } catch (error) {
    if (error instanceof CollectionError) {
      throw new AppError('validation_failed', { message: error.message, fields: { dump: error.message } });
    }
    throw error;
  }
  const title = input.title?.trim();
  const row = await insertWikipediaImport(db, {
    name: input.name,
    title: title === undefined || title === '' ? null : title,
    userId: input.userId,
    uploadDir: input.dump.dir,
    sourceFile: input.dump.file,
    sourceBytes: input.dump.bytes,
  });
  try {
    await queue.send(wikipediaImportJob, { importId: row.id });
  } catch (error) {
    logger.error({ err: error, importId: row.id }, 'Wikipedia import could not be queued');
    await finishCollectionImport(db, row.id, {
      state: 'failed',
      total: null,
      done: 0,
      failed: 0,
      failures: [],
      error: 'The import could not be queued. Please try again.',
    });
    throw error;
  }
  return { id: row.id, state: 'queued' };
}

export async function getCollectionImport(db: Database, id: number): Promise<CollectionImport> {
  const row = await findCollectionImport(db, id);
  if (row === null) throw new AppError('not_found', { message: 'No such import.' });
  return presentCollectionImport(row);
}

export async function listOpenImports(db: Database): Promise<CollectionImport[]> {
  return (await listOpenCollectionImports(db)).map(presentCollectionImport);
}
