import { WIKIPEDIA_DUMP_EXTENSIONS, WIKIPEDIA_DUMP_MAX_BYTES } from '@veritext/contracts';
import { suggestCollectionName } from './collectionUpload.ts';

/**
 * The pure parts of the Wikipedia dump upload: which file is a dump, and the collection name it suggests.
 */

/** The `accept` of the file input: the download (.bz2) or its .xml. */
export const WIKIPEDIA_DUMP_ACCEPT = '.bz2,.xml';

export type DumpProblem = 'noFile' | 'type' | 'tooLarge';

/** Whether the picked file can be sent as a dump: named like one (…xml.bz2 or …xml), 64 GB at most. */
export function dumpProblem(file: { name: string; size: number } | null): DumpProblem | null {
  if (file === null) return 'noFile';
  const lower = file.name.toLowerCase();
  if (!WIKIPEDIA_DUMP_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length)) return 'type';
  if (file.size > WIKIPEDIA_DUMP_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The wiki a dump's file name says ("eswiki-20240501-pages-articles-multistream.xml.bz2" → "eswiki"). */
export function suggestWikipediaName(fileName: string): string {
  const wiki = /^([a-z][a-z0-9_]*wiki[a-z]*)-/i.exec(fileName);
  if (wiki?.[1] !== undefined) return suggestCollectionName(wiki[1]);
  return suggestCollectionName(fileName.replace(/\.xml(\.bz2)?$/i, ''));
}
