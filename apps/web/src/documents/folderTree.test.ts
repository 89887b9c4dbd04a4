import { describe, expect, it } from 'vitest';
import type { Folder } from '@veritext/contracts';
import {
  buildTree,
  flatten,
  folderNameProblem,
  moveTargets,
  pathOf,
  selectionOf,
  shareUrl,
  siblingsOf,
  tokenFromLink,
} from './folderTree.ts';

function folder(id: number, name: string, parent: number | null, extra: Partial<Folder> = {}): Folder {
  return {
    id,
    name,
    parent_id: parent,
    group_id: null,
    owner: { id: 1, name: 'Ada', email: 'ada@example.com' },
    is_owner: true,
    can_write: true,
    is_shared: false,
    documents: 0,
    created_at: '2026-03-01T00:00:00.000Z',
    ...extra,
  };
}

const OWN = [
  folder(1, 'term 2', null),
  folder(2, 'Term 1', null),
  folder(3, 'Essays', 2),
  folder(4, 'drafts', 3),
  folder(5, 'Archive', 2),
];

describe('folder trees', () => {
  it('nests subfolders under their parents, siblings by name without case', () => {
    const tree = buildTree(OWN);
    expect(tree.map((node) => node.folder.name)).toEqual(['Term 1', 'term 2']);
    expect(flatten(tree).map((node) => [node.folder.name, node.depth])).toEqual([
      ['Term 1', 0],
      ['Archive', 1],
      ['Essays', 1],
      ['drafts', 2],
      ['term 2', 0],
    ]);
  });

  it('makes a folder whose parent is missing a root, and survives a cycle', () => {
    const shared = [folder(9, 'Shared child', 42, { is_owner: false })];
    expect(buildTree(shared).map((node) => node.folder.id)).toEqual([9]);
    const cycle = [folder(1, 'a', 2), folder(2, 'b', 1)];
    expect(flatten(buildTree(cycle))).toEqual([]);
  });

  it('gives the path from the top and the siblings of a place', () => {
    expect(pathOf(OWN, 4).map((item) => item.name)).toEqual(['Term 1', 'Essays', 'drafts']);
    expect(pathOf(OWN, 99)).toEqual([]);
    expect(siblingsOf(OWN, 2).map((item) => item.id)).toEqual([3, 5]);
    expect(siblingsOf(OWN, null).map((item) => item.id)).toEqual([1, 2]);
  });

  it('offers as move targets the own folders, then shared ones the caller may write into', () => {
    const shared = [
      folder(20, 'Team reading', null, { is_owner: false, can_write: true }),
      folder(21, 'Look only', null, { is_owner: false, can_write: false }),
    ];
    expect(moveTargets(OWN, shared).map((node) => node.folder.id)).toEqual([2, 5, 3, 4, 1, 20]);
  });
});

describe('folder names (the spec’s field messages)', () => {
  it('refuses an empty name, a long one and a sibling’s name without case', () => {
    expect(folderNameProblem('   ')).toBe('empty');
    expect(folderNameProblem('x'.repeat(101))).toBe('tooLong');
    expect(folderNameProblem('x'.repeat(100))).toBeNull();
    expect(folderNameProblem(' essays ', siblingsOf(OWN, 2))).toBe('exists');
    expect(folderNameProblem('Essays', siblingsOf(OWN, 2), 3)).toBeNull();
    expect(folderNameProblem('Essays', siblingsOf(OWN, null))).toBeNull();
  });
});

describe('share links and the selected folder', () => {
  it('builds the link and reads the token back from it or alone', () => {
    const url = shareUrl('https://veritext.example/', 'abc_DEF-123');
    expect(url).toBe('https://veritext.example/profile/my-documents/shared/abc_DEF-123');
    expect(tokenFromLink(url)).toBe('abc_DEF-123');
    expect(tokenFromLink(' abc_DEF-123 ')).toBe('abc_DEF-123');
    expect(tokenFromLink(`${url}?utm=1`)).toBe('abc_DEF-123');
    expect(tokenFromLink('   ')).toBe('');
  });

  it('reads ?folder= as a folder, the root, or all documents', () => {
    expect(selectionOf(new URLSearchParams('folder=12'))).toBe(12);
    expect(selectionOf(new URLSearchParams('folder=root'))).toBe('root');
    expect(selectionOf(new URLSearchParams('folder=0'))).toBeNull();
    expect(selectionOf(new URLSearchParams('folder=x1'))).toBeNull();
    expect(selectionOf(new URLSearchParams(''))).toBeNull();
  });
});
