/**
 * `npm test`: every test — unit, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * web client, end-to-end in Chromium. Installs Debian's chromium when it is missing and apt can,
 * and says plainly what is missing when it cannot.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureWebBuilt } from './web-build.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): number {
  return spawnSync(command, args, { stdio: 'inherit', cwd: ROOT }).status ?? 1;
}

function canRun(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : canRun('sudo') ? ['sudo', '-n'] : null;
  if (canRun('apt-get') && sudo !== null) {
    process.stderr.write(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package…\n`);
    const env = 'DEBIAN_FRONTEND=noninteractive';
    const prefix = sudo.join(' ');
    const status = run('sh', [
      '-c',
      `${prefix} env ${env} apt-get update -qq && ${prefix} env ${env} apt-get install -y -qq chromium`,
    ]);
    if (status === 0 && existsSync(CHROMIUM)) return;
  }
  process.stderr.write(
    [
      '',
      `The end-to-end tests need Chromium at ${CHROMIUM}, and it could not be installed here.`,
      'Install it, then run npm test again:',
      '  Debian/Ubuntu: sudo apt-get install chromium',
      '  elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

ensureChromium();
ensureWebBuilt();
const vitest = path.join(ROOT, 'node_modules/.bin/vitest');
process.exit(run(vitest, ['run', ...process.argv.slice(2)]));
