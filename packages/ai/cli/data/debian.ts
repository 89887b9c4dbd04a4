/**
 * What `npm run ai:data` asks of Debian: whether a package is installed and at which version, which files it
 * installed, what its copyright file says, and, when the process is root, installing what is missing with
 * apt-get (the only thing the script ever fetches).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The installed version of a package, or null when it is not installed. */
export function installedVersion(pkg: string): string | null {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}\t${Version}', pkg], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const [status, version] = result.stdout.split('\t');
  return status?.endsWith(' installed') === true && version !== undefined && version !== '' ? version : null;
}

/** The files (not directories) a package installed, in dpkg's order. */
export function packageFiles(pkg: string): string[] {
  return execFileSync('dpkg-query', ['-L', pkg], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\n')
    .filter((line) => line.startsWith('/'));
}

export function canInstall(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

/**
 * Installs packages with `apt-get install -y --no-install-recommends`; when that fails (for example on a
 * machine whose package lists were never fetched) it runs `apt-get update` once and tries again. Returns
 * whether the install succeeded; apt's own output goes to the terminal.
 */
export function aptInstall(packages: readonly string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): boolean =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env })
      .status === 0;
  if (install()) return true;
  if (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status !== 0) return false;
  return install();
}

export interface CopyrightInfo {
  readonly path: string;
  /** The `License:` short names of a machine-readable (DEP-5) copyright file; null for a free-form one. */
  readonly licenses: string[] | null;
}

export function copyrightInfo(pkg: string): CopyrightInfo | null {
  const path = `/usr/share/doc/${pkg}/copyright`;
  if (!existsSync(path)) return null;
  return { path, licenses: dep5Licenses(readFileSync(path, 'utf8')) };
}

/** The distinct `License:` short names of a DEP-5 copyright file, in order of first use; null if not DEP-5. */
export function dep5Licenses(copyright: string): string[] | null {
  if (!/^Format:\s*\S*copyright-format/m.test(copyright)) return null;
  const names = new Set<string>();
  for (const m of copyright.matchAll(/^License:[ \t]*(\S[^\n]*)$/gm)) names.add(m[1]!.trim());
  return [...names];
}
