import {
  COLLECTION_UPLOAD_MAX_BYTES,
  COLLECTION_UPLOAD_MAX_FILE_BYTES,
  COLLECTION_UPLOAD_MAX_FILES,
  CollectionImportCreatedResponseSchema,
  CollectionImportParamsSchema,
  CollectionImportResponseSchema,
  CollectionListResponseSchema,
  CollectionNameParamsSchema,
  CollectionRemovedResponseSchema,
  CollectionRemoveFormSchema,
  CollectionUploadFormSchema,
  WIKIPEDIA_DUMP_MAX_BYTES,
  WikipediaUploadFormSchema,
  type Collection,
} from '@veritext/contracts';
import { once } from 'node:events';
import { mkdir, statfs } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  getCollectionImport,
  listOpenImports,
  startCollectionUpload,
  startWikipediaUpload,
  type JobSender,
} from './collection-imports.service.ts';
import { dumpFileName, removeUploadDir, storeDump, type StoredDump } from './collection-uploads.ts';
import { CollectionError, listCollections, removeCollection } from './collections.service.ts';

export type CollectionsRoutesOptions = { db: Database; queue: JobSender; dataDir: string };

/** Site administrators only: no caller is 401, anyone else 403 — before a multipart body is read. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { user, group } = request.auth;
  if (user === null && group === null) throw new AppError('unauthorized');
  if (user?.is_admin !== true) throw new AppError('forbidden', { message: 'Administrators only.' });
}

/** The whole upload is held in memory while it is read (http/uploads.ts): its size is capped up front. */
async function limitUploadSize(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > COLLECTION_UPLOAD_MAX_BYTES) {
    throw new AppError('payload_too_large', {
      message: `An upload may hold ${String(COLLECTION_UPLOAD_MAX_BYTES / 1024 / 1024)} MB at most. Upload the files in parts.`,
    });
  }
}

/** The shared handler says "One file at a time" when the file count is over; this route takes 200. */
function uploadErrorHandler(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply): never {
  if (error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
    throw new AppError('validation_failed', {
      message: `An upload may hold ${String(COLLECTION_UPLOAD_MAX_FILES)} files at most. Upload the files in parts.`,
      fields: { files: `${String(COLLECTION_UPLOAD_MAX_FILES)} files at most` },
    });
  }
  throw error;
}

/** A Wikipedia dump's upload: what was stored (or why not), and whether an import took the file over. */
type DumpUpload = { dump: StoredDump | null; isRefused: boolean; isTaken: boolean };
const dumpUploads = new WeakMap<FastifyRequest, DumpUpload>();
/** Room kept free on the disk besides the dump (the database grows while it imports). */
const DISK_MARGIN_BYTES = 1024 * 1024 * 1024;

async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  if (!part.file.readableEnded) await once(part.file, 'end');
}

const gigabytes = (bytes: number): string => (bytes / 1024 ** 3).toFixed(1);

function dumpErrorHandler(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply): never {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new AppError('payload_too_large', {
      message: `A dump may be ${gigabytes(WIKIPEDIA_DUMP_MAX_BYTES)} GB at most.`,
    });
  }
  if (error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
    throw new AppError('validation_failed', {
      message: 'Upload one dump at a time.',
      fields: { dump: 'One file at most' },
    });
  }
  throw error;
}

function presentCollection(c: Awaited<ReturnType<typeof listCollections>>[number]): Collection {
  return {
    name: c.name,
    title: c.title,
    source_collection: c.sourceCollection,
    documents: c.documents,
    words: c.words,
    created: c.created.toISOString(),
    updated: c.updated.toISOString(),
  };
}

const NAME_RULE = "1 to 63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit";

/** Reference collections for site administrators: list, upload (imported by a job), follow an import, remove. */
export const collectionsRoutes: FastifyPluginAsyncZod<CollectionsRoutesOptions> = async (
  api,
  { db, queue, dataDir },
) => {
  api.addHook('onRequest', requireAdmin);

  api.get(
    '/api/v1/admin/collections/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reference collections (site administrators): name, title, documents, words, dates',
        description: 'Also the imports still queued or running, so that a page opened meanwhile can follow them.',
        response: { 200: CollectionListResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const [collections, imports] = await Promise.all([listCollections(db), listOpenImports(db)]);
      return { success: true as const, data: { collections: collections.map(presentCollection), imports } };
    },
  );

  api.post(
    '/api/v1/admin/collections/',
    {
      onRequest: limitUploadSize,
      errorHandler: uploadErrorHandler,
      config: {
        form: true,
        multipartOptions: {
          // a folder upload names its files by their relative path: keep it (collection-uploads.ts sanitises it)
          preservePath: true,
          limits: {
            files: COLLECTION_UPLOAD_MAX_FILES,
            fileSize: COLLECTION_UPLOAD_MAX_FILE_BYTES,
            parts: COLLECTION_UPLOAD_MAX_FILES + 10,
          },
        },
      },
      schema: {
        tags: ['admin'],
        summary: 'Upload files into a reference collection (site administrators); the import runs as a job',
        description:
          `multipart/form-data: name (${NAME_RULE}), title (optional) and one or more files in the field \`files\`: ` +
          '.jsonl (one {"id","title","url","text"} per line) and .txt, .rtf, .doc, .docx, .odt, .pdf, .ppt, .pptx, .odp ' +
          `(one document each); ${String(COLLECTION_UPLOAD_MAX_FILES)} files, 25 MB a file and ` +
          `${String(COLLECTION_UPLOAD_MAX_BYTES / 1024 / 1024)} MB in all at most. A file name may be a relative path ` +
          '("essays/2024/a.txt", as a folder upload sends it): it names the document. Other files are skipped ' +
          '(counted in `ignored`). Answers the queued import; follow it with GET /api/v1/admin/collections/imports/{id}/.',
        consumes: ['multipart/form-data'],
        body: CollectionUploadFormSchema,
        response: { 200: CollectionImportCreatedResponseSchema },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (user === null) throw new AppError('unauthorized');
      const started = await startCollectionUpload(
        db,
        queue,
        {
          dataDir,
          name: request.body.name,
          title: request.body.title,
          userId: user.id,
          files: request.uploads,
        },
        request.log,
      );
      return { success: true as const, data: { import: started } };
    },
  );

  /** The dump is written to DATA_DIR as it arrives: refuse at once what could not fit there. */
  async function limitDumpSize(request: FastifyRequest): Promise<void> {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > WIKIPEDIA_DUMP_MAX_BYTES + 1024 * 1024) {
      throw new AppError('payload_too_large', {
        message: `A dump may be ${gigabytes(WIKIPEDIA_DUMP_MAX_BYTES)} GB at most.`,
      });
    }
    await mkdir(dataDir, { recursive: true });
    const disk = await statfs(dataDir);
    const free = disk.bavail * disk.bsize;
    if (length + DISK_MARGIN_BYTES > free) {
      throw new AppError('payload_too_large', {
        message: `Not enough free disk space on the server for this file (${gigabytes(free)} GB free).`,
      });
    }
  }

  /** Writes the field `dump` to disk as it streams in; any other file is read and dropped. */
  async function receiveDump(request: FastifyRequest, part: MultipartFile): Promise<void> {
    const upload = dumpUploads.get(request) ?? { dump: null, isRefused: false, isTaken: false };
    dumpUploads.set(request, upload);
    const fileName = part.fieldname === 'dump' && upload.dump === null ? dumpFileName(part.filename) : null;
    if (fileName === null) {
      upload.isRefused ||= part.fieldname === 'dump';
      await drain(part);
      return;
    }
    upload.dump = await storeDump(dataDir, fileName, part.file);
  }

  api.post(
    '/api/v1/admin/collections/wikipedia/',
    {
      onRequest: limitDumpSize,
      errorHandler: dumpErrorHandler,
      // before the answer goes: the stored dump is removed unless an import took it (a refused form, a bad
      // CSRF token, an error)
      onSend: async (request, _reply, payload) => {
        const upload = dumpUploads.get(request);
        if (upload?.dump != null && !upload.isTaken) await removeUploadDir(upload.dump.dir);
        return payload;
      },
      config: {
        form: true,
        fileSink: receiveDump,
        multipartOptions: { limits: { files: 1, fileSize: WIKIPEDIA_DUMP_MAX_BYTES, parts: 10 } },
      },
      schema: {
        tags: ['admin'],
        summary: 'Upload a Wikipedia dump into a reference collection (site administrators); imported by a job',
        description:
          `multipart/form-data: name (${NAME_RULE}), title (optional) and the dump in the field \`dump\`: a MediaWiki ` +
          'XML dump as downloaded from dumps.wikimedia.org (*-pages-articles*.xml.bz2, multistream or not, or the ' +
          `.xml), ${gigabytes(WIKIPEDIA_DUMP_MAX_BYTES)} GB at most; it is streamed to disk. Each article becomes a ` +
          'document linked to its Wikipedia URL; redirects, disambiguation pages, other namespaces and stubs are ' +
          'skipped. Answers the queued import; follow it with GET /api/v1/admin/collections/imports/{id}/ (its ' +
          '`wikipedia` part says the pages read and the share of the file done). Send the fields before the file.',
        consumes: ['multipart/form-data'],
        body: WikipediaUploadFormSchema,
        response: { 200: CollectionImportCreatedResponseSchema },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (user === null) throw new AppError('unauthorized');
      const upload = dumpUploads.get(request);
      if (upload?.isRefused === true && upload.dump === null) {
        throw new AppError('validation_failed', {
          message: 'This is not a Wikipedia dump.',
          fields: { dump: 'Choose a .xml.bz2 file (or its .xml), as downloaded.' },
        });
      }
      const started = await startWikipediaUpload(
        db,
        queue,
        { name: request.body.name, title: request.body.title, userId: user.id, dump: upload?.dump ?? null },
        request.log,
      );
      if (upload !== undefined) upload.isTaken = true;
      return { success: true as const, data: { import: started } };
    },
  );

  api.get(
    '/api/v1/admin/collections/imports/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The progress of an import: state (queued, running, done, failed), documents done and failed',
        description: 'Poll about once a second while the state is queued or running.',
        params: CollectionImportParamsSchema,
        response: { 200: CollectionImportResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { import: await getCollectionImport(db, request.params.id) } };
    },
  );

  async function remove(name: string) {
    try {
      return { success: true as const, data: await removeCollection(db, name) };
    } catch (error) {
      if (error instanceof CollectionError) throw new AppError('not_found', { message: error.message });
      throw error;
    }
  }

  api.delete(
    '/api/v1/admin/collections/:name/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a reference collection with its documents (site administrators)',
        description: 'From a browser session send the CSRF token in the X-CSRF-Token header.',
        params: CollectionNameParamsSchema,
        response: { 200: CollectionRemovedResponseSchema },
      },
    },
    async (request) => remove(request.params.name),
  );

  api.post(
    '/api/v1/admin/collections/:name/remove/',
    {
      config: { form: true },
      schema: {
        tags: ['admin'],
        summary: 'Remove a reference collection: the form post of DELETE /api/v1/admin/collections/{name}/',
        consumes: ['application/x-www-form-urlencoded'],
        params: CollectionNameParamsSchema,
        body: CollectionRemoveFormSchema,
        response: { 200: CollectionRemovedResponseSchema },
      },
    },
    async (request) => remove(request.params.name),
  );
};
