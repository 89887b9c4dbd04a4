import { FOLDER_NAME_MAX, FOLDER_SHARE_PATH, type Folder } from '@veritext/contracts';

/**
 * My Documents' folders (issue 17) as the cabinet shows them: the server's flat lists made into trees, the folders a
 * document can move to, the selected folder's path, the share link, and the checks of the dialogs' fields. Pure:
 * no React, tested on its own.
 */

export type FolderNode = { folder: Folder; depth: number; children: FolderNode[] };

function byName(a: Folder, b: Folder): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;
}

/**
 * The folders as trees: a folder whose parent is not in the list (a shared subfolder's parent that is not shared,
 * or a deleted one) is a root. Siblings by name, without case.
 */
export function buildTree(folders: readonly Folder[]): FolderNode[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const childrenOf = new Map<number | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parent_id !== null && ids.has(folder.parent_id) ? folder.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), folder]);
  }
  const grow = (parent: number | null, depth: number, seen: Set<number>): FolderNode[] =>
    [...(childrenOf.get(parent) ?? [])]
      .sort(byName)
      .filter((folder) => !seen.has(folder.id))
      .map((folder) => ({
        folder,
        depth,
        children: grow(folder.id, depth + 1, new Set([...seen, folder.id])),
      }));
  return grow(null, 0, new Set());
}

/** The trees in reading order (a parent before its children), for lists and radio groups. */
export function flatten(nodes: readonly FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The folder and the folders above it, top first (a breadcrumb); empty when it is not in the list. */
export function pathOf(folders: readonly Folder[], id: number): Folder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: Folder[] = [];
  let current = byId.get(id);
  while (current !== undefined && !path.includes(current)) {
    path.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return path;
}

/** Where documents can be moved: the caller's own folders and shared ones they may write into, in tree order. */
export function moveTargets(own: readonly Folder[], shared: readonly Folder[]): FolderNode[] {
  return [...flatten(buildTree(own)), ...flatten(buildTree(shared.filter((folder) => folder.can_write)))];
}

/** The address a share link opens (FOLDER_SHARE_PATH + the token) on this site. */
export function shareUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${FOLDER_SHARE_PATH}${encodeURIComponent(token)}`;
}

/** A share link's token from what someone pasted: the whole address or the token alone; '' when there is none. */
export function tokenFromLink(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.indexOf(FOLDER_SHARE_PATH);
  const token = at === -1 ? trimmed : trimmed.slice(at + FOLDER_SHARE_PATH.length);
  return decodeURIComponent(token.split(/[?#/]/)[0] ?? '');
}

/** Why a folder name cannot be sent (the spec's "empty folder name", "folder already exists"), or null. */
export type FolderNameProblem = 'empty' | 'tooLong' | 'exists';

export function folderNameProblem(
  name: string,
  siblings: readonly Pick<Folder, 'id' | 'name'>[] = [],
  exceptId: number | null = null,
): FolderNameProblem | null {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > FOLDER_NAME_MAX) return 'tooLong';
  const lower = trimmed.toLowerCase();
  if (siblings.some((sibling) => sibling.id !== exceptId && sibling.name.toLowerCase() === lower)) return 'exists';
  return null;
}

/** The folders that share a parent with a new or renamed folder (its siblings, among the caller's own). */
export function siblingsOf(folders: readonly Folder[], parentId: number | null): Folder[] {
  return folders.filter((folder) => folder.parent_id === parentId);
}

/** Which folder the address selects: ?folder=ID, ?folder=root, or all of the scope. */
export type FolderSelection = number | 'root' | null;

export function selectionOf(search: URLSearchParams): FolderSelection {
  const raw = search.get('folder');
  if (raw === 'root') return 'root';
  if (raw === null || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) return null;
  return Number(raw);
}
