import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WEB = path.join(ROOT, 'apps/web');
const BUILT_INDEX = path.join(WEB, 'dist/index.html');
// What the client bundle is made of: its own sources and the shared packages it imports.
const SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'public'),
  path.join(ROOT, 'packages/contracts/src'),
  path.join(ROOT, 'packages/text/src'),
];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  return SOURCES.some((source) => newestChange(source) > builtAt);
}

/** Builds the React client when its sources are newer than the last build. */
export function ensureWebBuilt(): void {
  if (!isWebBuildStale()) return;
  process.stderr.write('Building the web client (apps/web)…\n');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    process.stderr.write('The web client failed to build (see above).\n');
    process.exit(result.status ?? 1);
  }
}
