import { z } from 'zod';

/**
 * My Documents' folders (issue 17; commerce-and-cabinet.md §2 "My documents: folders, subfolders, sharing links,
 * moving documents", §3 "Folder: name, parent folder, access list, share link", §5 "empty folder name, folder
 * already exists, empty share link"): /api/v1/folders/, and the documents' rename and bulk delete.
 */

/** A folder's name: 1 to 100 characters after trimming. */
export const FOLDER_NAME_MAX = 100;
/** Folders nest at most this deep (a top-level folder is level 1). */
export const FOLDER_MAX_DEPTH = 5;
/** At most this many folders per owner and scope. */
export const FOLDER_MAX_PER_SCOPE = 500;
/** At most this many documents in one move or bulk delete. */
export const DOCUMENTS_BULK_MAX = 100;
/** A document's title (as the check form takes it). */
export const DOCUMENT_TITLE_MAX = 200;

/** The client page a share link opens (the token after it). */
export const FOLDER_SHARE_PATH = '/profile/my-documents/shared/';

export const FOLDER_MESSAGES = {
  created: 'The folder was created.',
  renamed: 'The folder was renamed.',
  deleted: 'The folder was deleted.',
  moved: 'The documents were moved.',
  linkCreated: 'The share link was created.',
  linkRevoked: 'The share link was revoked.',
  accessAdded: 'The member can now open the folder.',
  accessRemoved: 'The member can no longer open the folder.',
  joined: 'You can now open the shared folder.',
  documentRenamed: 'The document was renamed.',
  documentsDeleted: 'The documents were deleted.',
} as const;

const Id = z.number().int();
const IdText = z.string().regex(/^\d{1,9}$/);
const Csrf = z.string().max(200).optional();

export const PersonSchema = z.object({ id: Id, name: z.string(), email: z.string().nullable() });
export type Person = z.infer<typeof PersonSchema>;

export const FolderSchema = z.object({
  id: Id,
  name: z.string(),
  parent_id: Id.nullable(),
  /** The organisation the folder belongs to; null: a personal folder. */
  group_id: Id.nullable(),
  owner: PersonSchema,
  /** The caller owns it: renames, deletes, shares it. */
  is_owner: z.boolean(),
  /** The caller may file documents into it (its owner; in an organisation, a teacher or owner on its access list). */
  can_write: z.boolean(),
  /** It has an access list or a live share link. */
  is_shared: z.boolean(),
  /** Documents directly in it. */
  documents: z.number().int(),
  created_at: z.string(),
});
export type Folder = z.infer<typeof FolderSchema>;

export const FolderListQuerySchema = z.object({
  group_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/v1/folders/: the caller's folders of the scope (a flat list, parents first) and those shared with them. */
export const FoldersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ folders: z.array(FolderSchema), shared: z.array(FolderSchema) }),
});
export type FoldersResponse = z.infer<typeof FoldersResponseSchema>;

export const FolderIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const FolderCreateFormSchema = z.object({
  name: z.string().max(1000).optional(),
  group_id: IdText.or(z.literal('')).optional(),
  parent_id: IdText.or(z.literal('')).optional(),
  _csrf_token: Csrf,
});
export type FolderCreateForm = z.infer<typeof FolderCreateFormSchema>;

export const FolderRenameFormSchema = z.object({ name: z.string().max(1000).optional(), _csrf_token: Csrf });

export const FolderCsrfFormSchema = z.object({ _csrf_token: Csrf }).optional();

export const FolderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ folder: FolderSchema }),
});
export type FolderResponse = z.infer<typeof FolderResponseSchema>;

export const FolderDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    id: Id,
    /** The folders deleted: it and its subfolders. */
    folders: z.number().int(),
    /** Their documents, moved to the deleted folder's parent (null: out of every folder). */
    moved_documents: z.number().int(),
    moved_to: Id.nullable(),
  }),
});
export type FolderDeletedResponse = z.infer<typeof FolderDeletedResponseSchema>;

/** One id or many (`ids=1&ids=2`, or `ids[]=…`), or a comma-separated list. */
const IdList = z.union([z.string().max(2000), z.array(z.string().max(20)).max(DOCUMENTS_BULK_MAX)]);

export const FolderMoveFormSchema = z.object({
  ids: IdList.optional(),
  'ids[]': IdList.optional(),
  /** The target folder; empty: out of every folder. */
  folder_id: IdText.or(z.literal('')).optional(),
  _csrf_token: Csrf,
});
export type FolderMoveForm = z.infer<typeof FolderMoveFormSchema>;

export const FolderMovedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ moved: z.number().int(), folder_id: Id.nullable() }),
});
export type FolderMovedResponse = z.infer<typeof FolderMovedResponseSchema>;

export const FolderAccessEntrySchema = z.object({
  user_id: Id,
  name: z.string(),
  email: z.string().nullable(),
  via: z.enum(['member', 'link']),
});
export type FolderAccessEntry = z.infer<typeof FolderAccessEntrySchema>;

/** GET /api/v1/folders/{id}/access/ (owner only): the access list and the live share link's token. */
export const FolderAccessResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ access: z.array(FolderAccessEntrySchema), link_token: z.string().nullable() }),
});
export type FolderAccessResponse = z.infer<typeof FolderAccessResponseSchema>;

export const FolderAccessFormSchema = z.object({
  email: z.string().max(200).optional(),
  user_id: IdText.or(z.literal('')).optional(),
  _csrf_token: Csrf,
});

export const FolderAccessUserParamsSchema = FolderIdParamsSchema.extend({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const FolderShareLinkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ link_token: z.string().nullable() }),
});
export type FolderShareLinkResponse = z.infer<typeof FolderShareLinkResponseSchema>;

export const FolderJoinParamsSchema = z.object({ token: z.string().max(200) });

export const FolderJoinResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ folder: FolderSchema }),
});
export type FolderJoinResponse = z.infer<typeof FolderJoinResponseSchema>;

/* ---- documents: rename, bulk delete ---- */

export const TextRenameFormSchema = z.object({ title: z.string().max(1000).optional(), _csrf_token: Csrf });

export const TextRenamedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: Id, title: z.string() }),
});
export type TextRenamedResponse = z.infer<typeof TextRenamedResponseSchema>;

export const TextBulkDeleteFormSchema = z.object({
  ids: IdList.optional(),
  'ids[]': IdList.optional(),
  _csrf_token: Csrf,
});

/** POST /api/v1/text/delete/: each document on its own, by the rule of POST /api/v1/text/{id}/delete/. */
export const TextBulkDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    deleted: z.array(z.object({ id: Id, ai_checks: z.number().int(), index_entries: z.number().int() })),
    refused: z.array(z.object({ id: Id, code: z.string(), message: z.string() })),
  }),
});
export type TextBulkDeletedResponse = z.infer<typeof TextBulkDeletedResponseSchema>;

/** The ids of a move or bulk delete form: one list, de-duplicated; null when one is not a whole number. */
export function parseIdList(...values: (string | string[] | undefined)[]): number[] | null {
  const ids: number[] = [];
  for (const value of values) {
    if (value === undefined) continue;
    for (const piece of [value].flat().flatMap((item) => item.split(','))) {
      const trimmed = piece.trim();
      if (trimmed === '') continue;
      if (!/^\d{1,9}$/.test(trimmed) || Number(trimmed) === 0) return null;
      const id = Number(trimmed);
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/* ---- the documents list's filters (GET /api/v1/text/) ---- */

/** The status filter: the check's state, or the AI check's. */
export const DOCUMENT_STATUS_FILTERS = ['in_process', 'ready', 'failed', 'ai_in_process', 'ai_failed'] as const;
export type DocumentStatusFilter = (typeof DOCUMENT_STATUS_FILTERS)[number];

export const DOCUMENT_SORTS = [
  'date_desc',
  'date_asc',
  'title_asc',
  'title_desc',
  'similarity_desc',
  'similarity_asc',
  'ai_desc',
  'ai_asc',
] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
