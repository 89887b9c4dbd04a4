import {
  FOLDER_MESSAGES,
  FolderAccessFormSchema,
  FolderAccessResponseSchema,
  FolderAccessUserParamsSchema,
  FolderCreateFormSchema,
  FolderCsrfFormSchema,
  FolderDeletedResponseSchema,
  FolderIdParamsSchema,
  FolderJoinParamsSchema,
  FolderJoinResponseSchema,
  FolderListQuerySchema,
  FolderMovedResponseSchema,
  FolderMoveFormSchema,
  FolderRenameFormSchema,
  FolderResponseSchema,
  FolderShareLinkResponseSchema,
  FoldersResponseSchema,
  parseIdList,
  TextBulkDeletedResponseSchema,
  TextBulkDeleteFormSchema,
  TextIdParamsSchema,
  TextRenamedResponseSchema,
  TextRenameFormSchema,
} from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteDocuments, renameDocument } from './documents.service.ts';
import {
  addAccess,
  createFolder,
  createShareLink,
  deleteFolder,
  getAccess,
  joinByLink,
  listFolders,
  moveDocuments,
  removeAccess,
  renameFolder,
  revokeShareLink,
  type FoldersDeps,
} from './folders.service.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function optionalId(value: string | undefined): number | null {
  return value === undefined || value === '' ? null : Number(value);
}

/**
 * My Documents' folders (issue 17): the caller's folders of a scope, subfolders, moving documents, sharing by link
 * and with named members of the organisation; and renaming and deleting documents, one or many. Thin: the rules
 * are in folders.service.ts (who opens a folder: folder-access.ts) and documents.service.ts.
 */
export const foldersRoutes: FastifyPluginAsyncZod<FoldersDeps> = async (api, deps) => {
  const { db } = deps;

  api.get(
    '/api/v1/folders/',
    {
      schema: {
        tags: ['documents'],
        summary:
          "The caller's folders of a scope (no group_id: personal; group_id: that organisation's) and the folders shared with them there",
        querystring: FolderListQuerySchema,
        response: { 200: FoldersResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const data = await listFolders(db, request.auth, request.query.group_id ?? null);
      return { success: true as const, data };
    },
  );

  api.post(
    '/api/v1/folders/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary:
          'Create a folder (group_id: in an organisation the caller is a member of; parent_id: a subfolder of one of the caller’s)',
        description:
          "Errors: folder_name_empty ('Folder name cannot be empty'), folder_exists ('Folder already exists': the same " +
          'name among its siblings, without case), folder_too_deep (5 levels), folder_limit_reached (500 a scope).',
        consumes: FORM_TYPES,
        body: FolderCreateFormSchema,
        response: { 200: FolderResponseSchema },
      },
    },
    async (request) => {
      const folder = await createFolder(db, request.auth, {
        name: request.body.name,
        groupId: optionalId(request.body.group_id),
        parentId: optionalId(request.body.parent_id),
      });
      return { success: true as const, message: FOLDER_MESSAGES.created, data: { folder } };
    },
  );

  api.post(
    '/api/v1/folders/move/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary: 'Move documents (ids, one or many) into a folder (folder_id; empty: out of every folder), all or none',
        description:
          'Each document only by who may delete it (its author; in an organisation also its owner and teachers), into a ' +
          'folder the caller owns or may write into, of the same organisation (personal documents into personal folders).',
        consumes: FORM_TYPES,
        body: FolderMoveFormSchema,
        response: { 200: FolderMovedResponseSchema },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.ids, request.body['ids[]']);
      const data = await moveDocuments(db, request.auth, ids, optionalId(request.body.folder_id));
      return { success: true as const, message: FOLDER_MESSAGES.moved, data };
    },
  );

  api.post(
    '/api/v1/folders/shared/:token/join',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary:
          "Open a shared folder by its link: a personal folder for any account, an organisation's for its owner and teachers",
        description: "An empty, unknown or revoked link: 404 folder_share_link_empty ('Empty share link…').",
        consumes: FORM_TYPES,
        params: FolderJoinParamsSchema,
        body: FolderCsrfFormSchema,
        response: { 200: FolderJoinResponseSchema },
      },
    },
    async (request) => {
      const folder = await joinByLink(deps, request.auth, request.params.token);
      return { success: true as const, message: FOLDER_MESSAGES.joined, data: { folder } };
    },
  );

  api.post(
    '/api/v1/folders/:id/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary: 'Rename a folder (its owner)',
        consumes: FORM_TYPES,
        params: FolderIdParamsSchema,
        body: FolderRenameFormSchema,
        response: { 200: FolderResponseSchema },
      },
    },
    async (request) => {
      const folder = await renameFolder(db, request.auth, request.params.id, request.body.name);
      return { success: true as const, message: FOLDER_MESSAGES.renamed, data: { folder } };
    },
  );

  api.post(
    '/api/v1/folders/:id/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary:
          'Delete a folder and its subfolders (its owner); their documents move to its parent folder (or out of every folder)',
        consumes: FORM_TYPES,
        params: FolderIdParamsSchema,
        body: FolderCsrfFormSchema,
        response: { 200: FolderDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteFolder(db, request.auth, request.params.id);
      return { success: true as const, message: FOLDER_MESSAGES.deleted, data };
    },
  );

  api.get(
    '/api/v1/folders/:id/access/',
    {
      schema: {
        tags: ['documents'],
        summary: "A folder's access list and live share link (its owner)",
        params: FolderIdParamsSchema,
        response: { 200: FolderAccessResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await getAccess(deps, request.auth, request.params.id) };
    },
  );

  api.post(
    '/api/v1/folders/:id/access/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary:
          "Add a member of the folder's organisation to its access list, by e-mail or user_id (its owner, not a student)",
        consumes: FORM_TYPES,
        params: FolderIdParamsSchema,
        body: FolderAccessFormSchema,
        response: { 200: FolderAccessResponseSchema },
      },
    },
    async (request) => {
      const access = await addAccess(deps, request.auth, request.params.id, {
        email: request.body.email,
        userId: request.body.user_id,
      });
      const { link_token } = await getAccess(deps, request.auth, request.params.id);
      return { success: true as const, data: { access, link_token } };
    },
  );

  api.post(
    '/api/v1/folders/:id/access/:userId/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary: "Take someone off a folder's access list (its owner)",
        consumes: FORM_TYPES,
        params: FolderAccessUserParamsSchema,
        body: FolderCsrfFormSchema,
        response: { 200: FolderAccessResponseSchema },
      },
    },
    async (request) => {
      const access = await removeAccess(deps, request.auth, request.params.id, request.params.userId);
      const { link_token } = await getAccess(deps, request.auth, request.params.id);
      return { success: true as const, data: { access, link_token } };
    },
  );

  api.post(
    '/api/v1/folders/:id/share-link/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary: "The folder's share link token (made when it has none; its owner, not a student)",
        consumes: FORM_TYPES,
        params: FolderIdParamsSchema,
        body: FolderCsrfFormSchema,
        response: { 200: FolderShareLinkResponseSchema },
      },
    },
    async (request) => {
      const token = await createShareLink(deps, request.auth, request.params.id);
      return { success: true as const, message: FOLDER_MESSAGES.linkCreated, data: { link_token: token } };
    },
  );

  api.post(
    '/api/v1/folders/:id/share-link/delete/',
    {
      config: { form: true },
      schema: {
        tags: ['documents'],
        summary: 'Revoke the share link: it stops working and who joined by it can no longer open the folder',
        consumes: FORM_TYPES,
        params: FolderIdParamsSchema,
        body: FolderCsrfFormSchema,
        response: { 200: FolderShareLinkResponseSchema },
      },
    },
    async (request) => {
      await revokeShareLink(deps, request.auth, request.params.id);
      return { success: true as const, message: FOLDER_MESSAGES.linkRevoked, data: { link_token: null } };
    },
  );

  /* ---- documents: rename, delete many ---- */

  api.post(
    '/api/v1/text/:id/rename/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: 'Rename a document (who may delete it)',
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: TextRenameFormSchema,
        response: { 200: TextRenamedResponseSchema },
      },
    },
    async (request) => {
      const data = await renameDocument(db, request.auth, request.params.id, request.body.title);
      return { success: true as const, message: FOLDER_MESSAGES.documentRenamed, data };
    },
  );

  api.post(
    '/api/v1/text/delete/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary:
          'Delete documents for good (ids, one or many), each by the rule of POST /api/v1/text/{id}/delete/: what went, what was refused',
        consumes: FORM_TYPES,
        body: TextBulkDeleteFormSchema,
        response: { 200: TextBulkDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteDocuments(db, request.auth, parseIdList(request.body.ids, request.body['ids[]']));
      return { success: true as const, message: FOLDER_MESSAGES.documentsDeleted, data };
    },
  );
};
