import { describe, expect, it } from 'vitest';
import {
  addToSelection,
  EMPTY_SELECTION,
  filesFromEntries,
  formatBytes,
  importProgress,
  isImportFinished,
  percentOf,
  relativePathOf,
  selectionProblem,
  suggestCollectionName,
  totalBytes,
  validateCollectionName,
  type DroppedEntry,
  type PickedFile,
} from './collectionUpload.ts';

const MB = 1024 * 1024;
const picked = (name: string, size = 10, webkitRelativePath = ''): { file: PickedFile } => ({
  file: { name, size, webkitRelativePath },
});

describe('collection names', () => {
  it('follows the server rule', () => {
    expect(validateCollectionName('')).toBe('required');
    for (const ok of ['a', 'refs', 'school-refs_2024.v2', '9lives', 'a'.repeat(63)]) {
      expect(validateCollectionName(ok), ok).toBeNull();
    }
    for (const bad of ['A', 'Refs', '-refs', '.refs', '_refs', 'has space', 'a/b', '../x', 'ñandú', 'a'.repeat(64)]) {
      expect(validateCollectionName(bad), bad).toBe('invalid');
    }
  });

  it('suggests a valid name from a folder or title', () => {
    expect(suggestCollectionName('Essays 2024')).toBe('essays-2024');
    expect(suggestCollectionName('  Ñandú & Co.  ')).toBe('nandu-co.');
    expect(suggestCollectionName('__Draft')).toBe('draft');
    expect(validateCollectionName(suggestCollectionName(`Ä${'b'.repeat(100)}`))).toBeNull();
  });
});

describe('relative paths of a folder upload', () => {
  it('keeps the path from the chosen folder, or the name of a plain pick', () => {
    expect(relativePathOf({ name: 'a.txt', size: 1, webkitRelativePath: 'essays/2024/a.txt' })).toBe(
      'essays/2024/a.txt',
    );
    expect(relativePathOf({ name: 'a.txt', size: 1, webkitRelativePath: '' })).toBe('a.txt');
    expect(relativePathOf({ name: 'a.txt', size: 1 })).toBe('a.txt');
    // a drop gives the entry's path; it wins over the file's own
    expect(relativePathOf({ name: 'a.txt', size: 1 }, '/essays/a.txt')).toBe('essays/a.txt');
    expect(relativePathOf({ name: 'x', size: 1 }, 'C:\\docs\\..\\.\\b.txt')).toBe('C:/docs/b.txt');
  });

  it('selects importable files and says why the others are skipped', () => {
    const selection = addToSelection(EMPTY_SELECTION, [
      picked('a.txt', 10, 'essays/2024/a.txt'),
      picked('b.TXT', 20, 'essays/2024/b.TXT'),
      picked('refs.jsonl', 30, 'essays/refs.jsonl'),
      picked('.DS_Store', 5, 'essays/.DS_Store'),
      picked('cover.png', 5, 'essays/cover.png'),
      picked('huge.pdf', 26 * MB, 'essays/huge.pdf'),
      picked('a.txt', 10, 'essays/2024/a.txt'),
      picked('c.docx', 40, 'essays/.git/c.docx'),
    ]);
    expect(selection.items.map((item) => item.path)).toEqual([
      'essays/2024/a.txt',
      'essays/2024/b.TXT',
      'essays/refs.jsonl',
    ]);
    expect(selection.skipped).toEqual([
      { path: 'essays/.DS_Store', reason: 'type' },
      { path: 'essays/cover.png', reason: 'type' },
      { path: 'essays/huge.pdf', reason: 'tooLarge' },
      { path: 'essays/2024/a.txt', reason: 'duplicate' },
      { path: 'essays/.git/c.docx', reason: 'type' },
    ]);
    expect(totalBytes(selection)).toBe(60);
    // adding again is cumulative and still refuses repeats, case-insensitively
    const more = addToSelection(selection, [picked('B.txt', 1, 'essays/2024/B.txt'), picked('d.odt', 1)]);
    expect(more.items.map((item) => item.path)).toEqual([...selection.items.map((i) => i.path), 'd.odt']);
    expect(more.skipped.at(-1)).toEqual({ path: 'essays/2024/B.txt', reason: 'duplicate' });
  });

  it('checks the limits of one upload', () => {
    expect(selectionProblem(EMPTY_SELECTION)).toBe('noFiles');
    const files = (n: number, size: number) =>
      addToSelection(
        EMPTY_SELECTION,
        Array.from({ length: n }, (_, i) => picked(`f${String(i)}.txt`, size)),
      );
    expect(selectionProblem(files(200, 1))).toBeNull();
    expect(selectionProblem(files(201, 1))).toBe('tooManyFiles');
    expect(selectionProblem(files(20, 25 * MB))).toBe(null);
    expect(selectionProblem(files(21, 25 * MB))).toBe('tooLarge');
  });

  it('walks dropped folders through the entries API', async () => {
    const fileEntry = (fullPath: string): DroppedEntry => ({
      isFile: true,
      isDirectory: false,
      fullPath,
      file: (ok) => {
        ok(new File(['x'], fullPath.slice(fullPath.lastIndexOf('/') + 1)));
      },
    });
    const dirEntry = (fullPath: string, children: DroppedEntry[]): DroppedEntry => {
      // answers in chunks of two, then an empty chunk, as browsers do in chunks of 100
      const chunks = [children.slice(0, 2), children.slice(2), []];
      return {
        isFile: false,
        isDirectory: true,
        fullPath,
        createReader: () => ({
          readEntries: (ok) => {
            ok(chunks.shift() ?? []);
          },
        }),
      };
    };
    const tree = [
      dirEntry('/essays', [
        fileEntry('/essays/a.txt'),
        dirEntry('/essays/2024', [fileEntry('/essays/2024/b.txt')]),
        fileEntry('/essays/c.txt'),
      ]),
      fileEntry('/refs.jsonl'),
    ];
    const files = await filesFromEntries(tree);
    expect(files.map((f) => f.path)).toEqual(['essays/a.txt', 'essays/2024/b.txt', 'essays/c.txt', 'refs.jsonl']);
    expect(files[1]?.file.name).toBe('b.txt');
  });
});

describe('progress', () => {
  it('turns bytes sent into a whole percent', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1500, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(10, null)).toBe(0);
  });

  it('counts imported and failed documents against the total, indeterminate while it is unknown', () => {
    expect(importProgress({ state: 'queued', total: null, done: 0, failed: 0 })).toEqual({
      handled: 0,
      total: null,
      percent: null,
    });
    expect(importProgress({ state: 'running', total: 450, done: 200, failed: 25 })).toEqual({
      handled: 225,
      total: 450,
      percent: 50,
    });
    expect(importProgress({ state: 'done', total: 7, done: 5, failed: 2 }).percent).toBe(100);
    expect(importProgress({ state: 'failed', total: null, done: 0, failed: 0 }).percent).toBe(100);
    expect([
      isImportFinished('queued'),
      isImportFinished('running'),
      isImportFinished('done'),
      isImportFinished('failed'),
    ]).toEqual([false, false, true, true]);
  });

  it('formats sizes in the language, the unit held to the number by a no-break space', () => {
    expect(formatBytes(512)).toBe('512\u00a0B');
    expect(formatBytes(2048)).toBe('2\u00a0KB');
    expect(formatBytes(25 * MB)).toBe('25.0\u00a0MB');
    expect(formatBytes(1.5 * 1024 * MB)).toBe('1.5\u00a0GB');
    expect(formatBytes(1.5 * 1024 * MB, 'es')).toBe('1,5\u00a0GB');
    expect(formatBytes(1000, 'en')).toBe('1,000\u00a0B');
  });
});
