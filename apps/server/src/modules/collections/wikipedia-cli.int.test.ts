import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT, runAdmin, type AdminRun } from '../../../test/admin-cli.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { generateWiki, writeDump } from '../../../test/wikipedia-dump.ts';

const ADMIN = fileURLToPath(new URL('../../cli/admin.ts', import.meta.url));

/** The CLI, stopped with Ctrl-C (SIGINT) as soon as it reports its first batch. */
function runAdminInterrupted(args: readonly string[], env: NodeJS.ProcessEnv): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let isSent = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!isSent && stderr.includes('pages ')) {
        isSent = true;
        child.kill('SIGINT');
      }
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe(`admin CLI: collections import-wikipedia (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let dump: string;
  const pages = generateWiki({ language: 'es', articles: 240, seed: 5 });
  const articles = pages.filter((p) => p.kind === 'article').length;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-wikipedia-cli-'));
    const dataDir = path.join(dir, 'data');
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    }
    dump = path.join(dir, 'eswiki-latest-pages-articles.xml.bz2');
    await writeDump(dump, 'es', pages, 'bzip2');
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports with progress on stderr, stops on Ctrl-C after a batch, resumes, then does nothing', async () => {
    const args = ['collections', 'import-wikipedia', 'eswiki', dump, '--title', 'Wikipedia en español'];
    const stopped = await runAdminInterrupted([...args, '--batch-size', '20'], env);
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr).toMatch(
      /^pages \d+ \(\d+\.\d % of the file\) · articles 20 · skipped \d+ redirects, \d+ in other namespaces, \d+ disambiguation, \d+ short · 0 unreadable · \d+ articles\/s$/m,
    );
    expect(stopped.stderr).toContain('stopping after the batch being written');
    const stoppedAt = /Interrupted after page (\d+); run the same command again to resume\./.exec(stopped.stderr);
    expect(stoppedAt).not.toBeNull();
    const imported = [...stopped.stderr.matchAll(/articles (\d+) ·/g)].map((m) => Number(m[1]));
    expect(imported.length).toBeLessThan(articles / 20);

    const resumed = await runAdmin(args, env);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      `resuming import 1 after page ${stoppedAt?.[1] ?? ''} (${String(imported.at(-1))} articles already imported)`,
    );
    expect(resumed.stdout).toMatch(
      new RegExp(
        `^Imported ${String(articles)} articles from ${String(pages.length)} pages into "eswiki" \\(skipped ` +
          `${String(pages.filter((p) => p.kind === 'redirect').length)} redirects, ` +
          `${String(pages.filter((p) => p.kind === 'namespace').length)} in other namespaces, 2 disambiguation, 5 short; ` +
          `0 unreadable\\) in [\\d.]+ s; the collection now holds ${String(articles)} documents, [\\d,]+ words\\.\\n$`,
      ),
    );

    const listed = await runAdmin(['collections', 'list'], env);
    expect(listed.stdout.trim().split('\n')[1]).toMatch(
      new RegExp(`^eswiki\\s+${String(articles)}\\s+[\\d,]+\\s+\\S+ \\S+\\s+Wikipedia en español$`),
    );

    const again = await runAdmin(args, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      `${dump} is already imported into "eswiki" (import 1: ${String(articles)} articles); nothing to do. --restart imports it again.\n`,
    );

    const restarted = await runAdmin([...args, '--restart'], env);
    expect(restarted.code).toBe(0);
    expect(restarted.stdout).toContain(`the collection now holds ${String(articles)} documents`);
  }, 180_000);

  it('refuses bad input with a message and exit code 1', async () => {
    const missing = await runAdmin(['collections', 'import-wikipedia', 'eswiki', path.join(dir, 'none.xml.bz2')], env);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toContain('No such file:');
    const noFile = await runAdmin(['collections', 'import-wikipedia', 'eswiki'], env);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain('collections import-wikipedia NAME FILE');
    const badSize = await runAdmin(['collections', 'import-wikipedia', 'eswiki', dump, '--batch-size', '0'], env);
    expect(badSize.code).toBe(1);
    expect(badSize.stderr).toContain('--batch-size must be a whole number above 0 (got "0")');
  }, 60_000);
});
