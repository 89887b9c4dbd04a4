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
  type Collection,
} from '@veritext/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  getCollectionImport,
  listOpenImports,
  startCollectionUpload,
  type JobSender,
} from './collection-imports.service.ts';
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
