import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT, runAdmin } from '../../../test/admin-cli.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';

describe(`admin CLI: collections import, list, remove (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-collections-cli-'));
    const dataDir = path.join(dir, 'data');
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    }
    const docs = path.join(dir, 'docs');
    mkdirSync(path.join(docs, 'sub'), { recursive: true });
    writeFileSync(path.join(docs, 'one.txt'), 'The first reference document talks about rivers and their deltas.');
    writeFileSync(path.join(docs, 'sub', 'two.txt'), 'The second reference document talks about mountains and snow.');
    writeFileSync(
      path.join(docs, 'more.jsonl'),
      `${JSON.stringify({ id: 7, title: 'Seven', text: 'A line of text about deserts.' })}\n{oops}\n`,
    );
    mkdirSync(path.join(dir, 'empty'));
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a folder with progress on stderr, lists it, removes it', async () => {
    const imported = await runAdmin(
      ['collections', 'import', 'refs', path.join(dir, 'docs'), '--title', 'Reference texts'],
      env,
    );
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('imported 3 / 4 documents (1 failed)');
    expect(imported.stderr).toContain('skipped more.jsonl:2: not valid JSON');
    expect(imported.stdout).toMatch(
      /^Imported 3 of 4 documents into "refs" \(1 failed\); the collection now holds 3 documents, \d+ words\.\n$/,
    );

    const listed = await runAdmin(['collections', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toBe('');
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+DOCUMENTS\s+WORDS\s+CREATED\s+TITLE$/);
    expect(lines[1]).toMatch(/^refs\s+3\s+\d+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+Reference texts$/);

    const removed = await runAdmin(['collections', 'remove', 'refs'], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('Removed "refs" and its 3 documents.\n');
    expect((await runAdmin(['collections', 'list'], env)).stdout).toBe('No reference collections.\n');
  });

  it('refuses bad input with a message and exit code 1', async () => {
    const missing = await runAdmin(['collections', 'import', 'refs', path.join(dir, 'nowhere')], env);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toContain('No such file or folder:');
    const empty = await runAdmin(['collections', 'import', 'refs', path.join(dir, 'empty')], env);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('holds no files to import');
    const noPath = await runAdmin(['collections', 'import', 'refs'], env);
    expect(noPath.code).toBe(1);
    expect(noPath.stderr).toContain('collections import NAME PATH');
    const unknown = await runAdmin(['collections', 'remove', 'refs'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No reference collection named "refs"');
  });
});
