import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ADMIN = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));

/**
 * The time a test that runs the CLI gets: each run is a new Node process opening the database (the embedded one
 * from disk, migrations checked), a few seconds each on a busy two-core machine, several per test.
 */
export const CLI_TEST_TIMEOUT = 120_000;

export type AdminRun = { code: number | null; stdout: string; stderr: string };

/** `npm run admin -- ARGS` in its own process, with `env` on top of this process's environment. */
export function runAdmin(args: readonly string[], env: NodeJS.ProcessEnv): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
