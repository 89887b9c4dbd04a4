import { z } from 'zod';

/**
 * Reference collections managed by site administrators (/api/v1/admin/collections/): documents the reuse
 * engine searches next to the checked documents, under the source collection `ref:NAME`.
 */

/** A collection's name: what the admin CLI and the database accept. */
export const COLLECTION_NAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,62}$/;
export const COLLECTION_TITLE_MAX = 200;
/** Files in one upload, and the bytes of one file (the extractor's limit). */
export const COLLECTION_UPLOAD_MAX_FILES = 200;
export const COLLECTION_UPLOAD_MAX_FILE_BYTES = 25 * 1024 * 1024;
/** The whole upload request, multipart framing included. */
export const COLLECTION_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** What an upload may hold: JSONL (one {id, title, url, text} per line) and the documents the extractor reads. */
export const COLLECTION_FILE_EXTENSIONS = [
  'jsonl',
  'txt',
  'rtf',
  'doc',
  'docx',
  'odt',
  'pdf',
  'ppt',
  'pptx',
  'odp',
] as const;

/**
 * A Wikipedia (MediaWiki) dump uploaded whole (POST /api/v1/admin/collections/wikipedia/): streamed to disk, so
 * it may be as large as the English Wikipedia's (about 25 GB as .xml.bz2).
 */
export const WIKIPEDIA_DUMP_MAX_BYTES = 64 * 1024 * 1024 * 1024;
/** What a dump's file name ends with: the compressed download, or the XML itself. */
export const WIKIPEDIA_DUMP_EXTENSIONS = ['.xml.bz2', '.xml'] as const;

export const CollectionNameSchema = z
  .string()
  .regex(
    COLLECTION_NAME_PATTERN,
    "1 to 63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

export const CollectionSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** The reuse_sources collection of its documents: `ref:NAME`. */
  source_collection: z.string(),
  documents: z.number().int(),
  words: z.number(),
  created: z.string().describe('ISO 8601'),
  updated: z.string().describe('ISO 8601'),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionImportStateSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type CollectionImportState = z.infer<typeof CollectionImportStateSchema>;

export const CollectionImportFailureSchema = z.object({
  file: z.string(),
  line: z.number().int().optional(),
  message: z.string(),
});
export type CollectionImportFailure = z.infer<typeof CollectionImportFailureSchema>;

/** Where the import of a Wikipedia dump stands. */
export const WikipediaImportProgressSchema = z.object({
  /** Pages of the dump read so far (articles and the rest). */
  pages: z.number().int(),
  /** Pages not imported, by reason. */
  skipped: z.object({
    redirect: z.number().int(),
    namespace: z.number().int(),
    disambiguation: z.number().int(),
    short: z.number().int(),
  }),
  /** How far into the (compressed) file, and its size: the import's share done. */
  bytes_done: z.number(),
  bytes_total: z.number(),
});
export type WikipediaImportProgress = z.infer<typeof WikipediaImportProgressSchema>;

export const CollectionImportSchema = z.object({
  id: z.number().int(),
  /** files: an upload of documents; wikipedia: one MediaWiki dump (its articles are the documents). */
  kind: z.enum(['files', 'wikipedia']),
  name: z.string(),
  title: z.string().nullable(),
  state: CollectionImportStateSchema,
  /** Files stored by the upload; files skipped at upload for their type. */
  files: z.number().int(),
  ignored: z.number().int(),
  /** Documents the files hold, once the import has read them (null while queued). */
  total: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  /** The first 1,000 documents that could not be read. */
  failures: z.array(CollectionImportFailureSchema),
  /** Why a failed import failed. */
  error: z.string().nullable(),
  created: z.string(),
  finished: z.string().nullable(),
  /** A Wikipedia import's pages and share done; null for files. */
  wikipedia: WikipediaImportProgressSchema.nullable(),
});
export type CollectionImport = z.infer<typeof CollectionImportSchema>;

export const CollectionListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    collections: z.array(CollectionSchema),
    /** Imports still queued or running, oldest first: a page opened meanwhile can follow them. */
    imports: z.array(CollectionImportSchema),
  }),
});
export type CollectionListResponse = z.infer<typeof CollectionListResponseSchema>;

/** POST /api/v1/admin/collections/ (multipart/form-data). */
export const CollectionUploadFormSchema = z.object({
  name: CollectionNameSchema.describe('The collection to import into (created on its first document).'),
  title: z
    .string()
    .max(COLLECTION_TITLE_MAX)
    .optional()
    .describe("The collection's title; left out, an existing collection keeps its own (a new one takes its name)."),
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe(
      'One or more files (send the field once per file): .jsonl, .txt, .rtf, .doc, .docx, .odt, .pdf, .ppt, .pptx, .odp; ' +
        '200 files and 25 MB a file at most. A folder upload names each file by its relative path ("essays/2024/a.txt").',
    ),
  _csrf_token: z.string().max(200).optional(),
});
export type CollectionUploadForm = z.infer<typeof CollectionUploadFormSchema>;

/** POST /api/v1/admin/collections/wikipedia/ (multipart/form-data). */
export const WikipediaUploadFormSchema = z.object({
  name: CollectionNameSchema.describe('The collection to import into (created on its first article).'),
  title: z
    .string()
    .max(COLLECTION_TITLE_MAX)
    .optional()
    .describe("The collection's title; left out, an existing collection keeps its own (a new one takes its name)."),
  dump: z
    .string()
    .meta({ format: 'binary' })
    .optional()
    .describe('The dump as downloaded: *-pages-articles*.xml.bz2 (multistream or not) or the .xml; 64 GB at most.'),
  _csrf_token: z.string().max(200).optional(),
});
export type WikipediaUploadForm = z.infer<typeof WikipediaUploadFormSchema>;

export const CollectionImportCreatedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ import: z.object({ id: z.number().int(), state: CollectionImportStateSchema }) }),
});
export type CollectionImportCreatedResponse = z.infer<typeof CollectionImportCreatedResponseSchema>;

export const CollectionImportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ import: CollectionImportSchema }),
});
export type CollectionImportResponse = z.infer<typeof CollectionImportResponseSchema>;

export const CollectionImportParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const CollectionNameParamsSchema = z.object({ name: CollectionNameSchema });

export const CollectionRemoveFormSchema = z.object({ _csrf_token: z.string().max(200).optional() }).optional();

export const CollectionRemovedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), documents: z.number().int() }),
});
export type CollectionRemovedResponse = z.infer<typeof CollectionRemovedResponseSchema>;
