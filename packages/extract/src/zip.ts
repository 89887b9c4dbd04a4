import { unzipSync } from 'fflate';
import { ExtractError } from './errors.ts';

/** Refuse archives declaring more than this much uncompressed data in all. */
export const MAX_ZIP_UNCOMPRESSED = 200 * 1024 * 1024;
/** Refuse entries inflating more than this many times their compressed size... */
export const MAX_ZIP_RATIO = 100;
/** ...once they are larger than this (small XML parts can compress very well). */
const RATIO_FLOOR = 1024 * 1024;
const MAX_ENTRIES = 20_000;

export interface ZipEntryInfo {
  name: string;
  size: number;
  originalSize: number;
  compression: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Reads the central directory only: nothing is inflated. */
export function listZip(bytes: Uint8Array): ZipEntryInfo[] {
  if (!isZip(bytes)) throw new ExtractError('bad-format', 'not a zip archive');
  const entries: ZipEntryInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        entries.push({ name: f.name, size: f.size, originalSize: f.originalSize, compression: f.compression });
        if (entries.length > MAX_ENTRIES) throw new ExtractError('limits', 'too many zip entries');
        return false;
      },
    });
  } catch (e) {
    if (e instanceof ExtractError) throw e;
    throw new ExtractError('bad-format', `corrupt zip: ${String(e)}`);
  }
  return entries;
}

/** Refuses zip bombs from the sizes the archive declares, before inflating anything. */
export function checkZipBomb(entries: readonly ZipEntryInfo[]): void {
  let total = 0;
  for (const e of entries) {
    if (!Number.isFinite(e.originalSize) || e.originalSize < 0)
      throw new ExtractError('bad-format', `bad size for ${e.name}`);
    total += e.originalSize;
    if (e.originalSize > RATIO_FLOOR && e.originalSize > MAX_ZIP_RATIO * Math.max(e.size, 1)) {
      throw new ExtractError(
        'limits',
        `zip entry ${e.name} declares ratio ${Math.round(e.originalSize / Math.max(e.size, 1))}:1`,
      );
    }
  }
  if (total > MAX_ZIP_UNCOMPRESSED) throw new ExtractError('limits', `zip declares ${total} bytes uncompressed`);
}

/**
 * Inflates the entries `wanted` accepts, after the bomb checks. fflate inflates each entry into a buffer of its
 * declared size, so an entry that lies about its size is cut there rather than growing without bound.
 */
export function readZip(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  const entries = listZip(bytes);
  checkZipBomb(entries);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => wanted(f.name) });
  } catch (e) {
    throw new ExtractError('bad-format', `corrupt zip entry: ${String(e)}`);
  }
  return new Map(Object.entries(files));
}

const utf8 = new TextDecoder('utf-8');

export function zipText(files: ReadonlyMap<string, Uint8Array>, name: string): string | undefined {
  const data = files.get(name);
  return data === undefined ? undefined : utf8.decode(data);
}
