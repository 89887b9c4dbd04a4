import type {
  Folder,
  FolderAccessResponse,
  FolderDeletedResponse,
  FoldersResponse,
  TextBulkDeletedResponse,
  TextListResponse,
} from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import { lazySchema } from './lazySchema.ts';

/** What GET /api/v1/text/ is asked for: the scope, the page, a folder (or root) and the filters as query values. */
export type DocumentsQuery = {
  groupId: number | null;
  page: number;
  perPage?: number;
  /** A folder's id, 'root' (in no folder) or null (all of the scope). */
  folderId: number | 'root' | null;
  /** The filters' query values (documents/documentFilters.ts filterParams). */
  params?: Record<string, string>;
};

function folderPath(id: number, rest = ''): string {
  return `/api/v1/folders/${String(id)}/${rest}`;
}

/** My Documents' folders (issue 17): the tree, changes, moves, sharing; the documents' search, rename, bulk delete. */
export function createFoldersEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    /** A page of documents of the scope or folder that pass the filters. */
    async searchTexts(query: DocumentsQuery): Promise<TextListResponse['data']> {
      const search = new URLSearchParams();
      if (query.groupId !== null) search.set('group_id', String(query.groupId));
      if (query.folderId !== null) search.set('folder_id', String(query.folderId));
      search.set('page', String(query.page));
      if (query.perPage !== undefined) search.set('per_page', String(query.perPage));
      for (const [name, value] of Object.entries(query.params ?? {})) search.set(name, value);
      return (await client.getJson(`/api/v1/text/?${search.toString()}`, lazySchema('TextListResponseSchema'))).data;
    },

    async listFolders(groupId: number | null): Promise<FoldersResponse['data']> {
      const suffix = groupId === null ? '' : `?group_id=${String(groupId)}`;
      return (await client.getJson(`/api/v1/folders/${suffix}`, lazySchema('FoldersResponseSchema'))).data;
    },

    async createFolder(input: { name: string; groupId: number | null; parentId: number | null }): Promise<Folder> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/api/v1/folders/',
        {
          name: input.name,
          group_id: input.groupId === null ? undefined : String(input.groupId),
          parent_id: input.parentId === null ? undefined : String(input.parentId),
          _csrf_token: token,
        },
        lazySchema('FolderResponseSchema'),
      );
      return result.data.folder;
    },

    async renameFolder(id: number, name: string): Promise<Folder> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        folderPath(id),
        { name, _csrf_token: token },
        lazySchema('FolderResponseSchema'),
      );
      return result.data.folder;
    },

    async deleteFolder(id: number): Promise<FolderDeletedResponse['data']> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          folderPath(id, 'delete/'),
          { _csrf_token: token },
          lazySchema('FolderDeletedResponseSchema'),
        )
      ).data;
    },

    /** Files documents into a folder (null: out of every folder). */
    async moveDocuments(ids: readonly number[], folderId: number | null): Promise<number> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/api/v1/folders/move/',
        { ids: ids.join(','), folder_id: folderId === null ? '' : String(folderId), _csrf_token: token },
        lazySchema('FolderMovedResponseSchema'),
      );
      return result.data.moved;
    },

    async folderAccess(id: number): Promise<FolderAccessResponse['data']> {
      return (await client.getJson(folderPath(id, 'access/'), lazySchema('FolderAccessResponseSchema'))).data;
    },

    async addFolderAccess(id: number, email: string): Promise<FolderAccessResponse['data']> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          folderPath(id, 'access/'),
          { email: email.trim(), _csrf_token: token },
          lazySchema('FolderAccessResponseSchema'),
        )
      ).data;
    },

    async removeFolderAccess(id: number, userId: number): Promise<FolderAccessResponse['data']> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          folderPath(id, `access/${String(userId)}/delete/`),
          { _csrf_token: token },
          lazySchema('FolderAccessResponseSchema'),
        )
      ).data;
    },

    /** The folder's share link token (the live one, or a new one). */
    async createShareLink(id: number): Promise<string | null> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          folderPath(id, 'share-link/'),
          { _csrf_token: token },
          lazySchema('FolderShareLinkResponseSchema'),
        )
      ).data.link_token;
    },

    async revokeShareLink(id: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        folderPath(id, 'share-link/delete/'),
        { _csrf_token: token },
        lazySchema('FolderShareLinkResponseSchema'),
      );
    },

    /** Opens a shared folder by its link's token. */
    async joinSharedFolder(linkToken: string): Promise<Folder> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/folders/shared/${encodeURIComponent(linkToken)}/join`,
        { _csrf_token: token },
        lazySchema('FolderJoinResponseSchema'),
      );
      return result.data.folder;
    },

    async renameText(id: number, title: string): Promise<string> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/text/${String(id)}/rename/`,
        { title, _csrf_token: token },
        lazySchema('TextRenamedResponseSchema'),
      );
      return result.data.title;
    },

    /** Deletes documents for good, each by the rule of one; answers what went and what was refused. */
    async deleteTexts(ids: readonly number[]): Promise<TextBulkDeletedResponse['data']> {
      const { token } = await csrf.get();
      return (
        await client.postForm(
          '/api/v1/text/delete/',
          { ids: ids.join(','), _csrf_token: token },
          lazySchema('TextBulkDeletedResponseSchema'),
        )
      ).data;
    },
  };
}
export type FoldersEndpoints = ReturnType<typeof createFoldersEndpoints>;
