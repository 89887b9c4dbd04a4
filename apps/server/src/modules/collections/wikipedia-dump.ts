import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import unbzip2 from 'unbzip2-stream';
import { CollectionError } from './collection-files.ts';

/**
 * Reading a MediaWiki XML dump as Wikimedia publishes it (`*-pages-articles.xml.bz2`, the multistream variant,
 * or the same uncompressed): the file is decompressed (bzip2, by unbzip2-stream, which also reads the
 * concatenated streams of a multistream dump) and parsed (saxes) as streams, so memory stays flat whatever the
 * dump's size: one chunk of the file, one bzip2 block and the page being read. Pages come out in the dump's
 * order, numbered from 1; what a page is (article, redirect, another namespace) is for the importer to decide.
 */

/** What `<siteinfo>` says about the wiki. */
export type DumpSite = {
  /** `<base>`: the URL of the main page, e.g. https://es.wikipedia.org/wiki/Wikipedia:Portada. */
  base: string | null;
  /** `<dbname>`, e.g. eswiki. */
  dbName: string | null;
  /** The `xml:lang` of `<mediawiki>`: the content language, e.g. es. */
  language: string | null;
};

/** One `<page>`. `text` is the wikitext of its (last) revision; empty for a page read only to be passed over. */
export type DumpPage = {
  /** Its position in the dump: 1 for the first page. */
  index: number;
  id: number;
  ns: number;
  title: string;
  /** The target of `<redirect title="…"/>`, null for a page that is not a redirect. */
  redirect: string | null;
  text: string;
};

export type DumpReader = {
  /** Known once `<siteinfo>` has been read (before the first page); null until then. */
  site(): DumpSite | null;
  /** Bytes of the file read so far (compressed bytes for a .bz2). */
  bytesRead(): number;
  /** The file's size in bytes. */
  readonly bytes: number;
  pages: AsyncGenerator<DumpPage>;
};

export type DumpReadOptions = {
  /** The first `skip` pages are only counted: their text is not kept (resuming an import). */
  skip?: number;
};

const BZIP2_MAGIC = 'BZh';

/** Answers whether the file is bzip2 (by its first bytes, whatever its name) and its size; throws on bad input. */
export async function probeDump(file: string): Promise<{ isBzip2: boolean; bytes: number }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CollectionError(
      code === 'ENOENT'
        ? `No such file: ${file}`
        : code === 'EISDIR'
          ? `Not a file: ${file}`
          : `Cannot read ${file}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (!isFile) throw new CollectionError(`Not a file: ${file}`);
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start.subarray(0, 3).toString('latin1') === BZIP2_MAGIC) return { isBzip2: true, bytes: size };
    if (/^(\uFEFF)?\s*</.test(start.toString('utf8'))) return { isBzip2: false, bytes: size };
    throw new CollectionError(
      `${file} is neither a bzip2 file nor XML: download a MediaWiki dump such as eswiki-latest-pages-articles.xml.bz2`,
    );
  } finally {
    await handle.close();
  }
}

/**
 * The decompressed text of the dump as a stream of strings. A read error ends it at once; a bzip2 error ends it
 * after the text decompressed before it (the articles before a cut-off download still count), and is answered by
 * `failure()` once the stream has ended.
 */
function textStream(
  file: string,
  isBzip2: boolean,
  onBytes: (n: number) => void,
): { text: Readable; failure: () => CollectionError | null } {
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  raw.on('data', (chunk) => {
    onBytes(chunk.length);
  });
  const out = new PassThrough();
  out.setEncoding('utf8');
  raw.on('error', (error) => out.destroy(error));
  if (!isBzip2) return { text: raw.pipe(out), failure: () => null };

  // unbzip2-stream is an old-style (through) stream, paused and resumed by hand for the back-pressure. It holds
  // what it decompressed while paused and sends it on resume; it decompresses the last blocks when the file ends,
  // so an error then is a file cut short.
  let failure: CollectionError | null = null;
  let isFileRead = false;
  let isFailed = false;
  const decompress = unbzip2();
  // through's own flag (its types describe a Transform): true while it holds data back
  const isHolding = (): boolean => (decompress as unknown as { paused: boolean }).paused;
  const endAfterFailure = (): void => {
    if (isFailed && !isHolding()) out.end();
  };
  decompress.on('data', (chunk: Buffer) => {
    if (!out.write(chunk)) decompress.pause();
  });
  out.on('drain', () => {
    decompress.resume();
    endAfterFailure();
  });
  decompress.on('end', () => out.end());
  decompress.on('error', (error: Error) => {
    raw.destroy();
    failure = new CollectionError(
      isFileRead
        ? 'The dump ends in the middle of a bzip2 block: the download looks incomplete'
        : `The dump is not valid bzip2: ${error.message}`,
      { cause: error },
    );
    isFailed = true;
    endAfterFailure();
  });
  raw.on('end', () => {
    isFileRead = true;
  });
  raw.pipe(decompress);
  return { text: out, failure: () => failure };
}

type Field = 'title' | 'ns' | 'id' | 'text' | 'base' | 'dbname' | null;

/** Opens a dump for reading; throws CollectionError when the file is missing or is neither bzip2 nor XML. */
export async function openDump(file: string, options: DumpReadOptions = {}): Promise<DumpReader> {
  const { isBzip2, bytes } = await probeDump(file);
  const skip = options.skip ?? 0;
  let bytesRead = 0;
  let site: DumpSite | null = null;

  async function* pages(): AsyncGenerator<DumpPage> {
    const parser = new SaxesParser({ xmlns: false, position: false });
    const ready: DumpPage[] = [];
    let language: string | null = null;
    let base: string | null = null;
    let dbName: string | null = null;
    // the element being read, and where its text goes
    let path: string[] = [];
    let field: Field = null;
    let value = '';
    let index = 0;
    let page: { id: number | null; ns: number; title: string; redirect: string | null; text: string } | null = null;

    parser.on('opentag', (tag: SaxesTagPlain) => {
      const parent = path.at(-1);
      path.push(tag.name);
      if (path.length === 1) {
        if (tag.name !== 'mediawiki')
          throw new CollectionError(`Not a MediaWiki dump: its root element is <${tag.name}>`);
        language = tag.attributes['xml:lang'] ?? null;
        return;
      }
      if (tag.name === 'page' && path.length === 2) {
        index++;
        page = { id: null, ns: 0, title: '', redirect: null, text: '' };
        if (site === null) site = { base, dbName, language };
        return;
      }
      if (page !== null) {
        if (parent === 'page' && (tag.name === 'title' || tag.name === 'ns' || tag.name === 'id')) field = tag.name;
        else if (parent === 'page' && tag.name === 'redirect') page.redirect = tag.attributes.title ?? '';
        else if (parent === 'revision' && tag.name === 'text' && index > skip) field = 'text';
      } else if (parent === 'siteinfo' && (tag.name === 'base' || tag.name === 'dbname')) {
        field = tag.name;
      }
      value = '';
    });
    parser.on('text', (text) => {
      if (field !== null) value += text;
    });
    parser.on('cdata', (text) => {
      if (field !== null) value += text;
    });
    parser.on('closetag', (tag) => {
      path.pop();
      if (field !== null && tag.name === field) {
        if (page !== null) {
          if (field === 'title') page.title = value;
          else if (field === 'ns') page.ns = Number.parseInt(value, 10);
          else if (field === 'id' && page.id === null) page.id = Number.parseInt(value, 10);
          else if (field === 'text') page.text = value; // the last revision's, should a dump hold several
        } else if (field === 'base') base = value.trim();
        else if (field === 'dbname') dbName = value.trim();
        field = null;
        value = '';
        return;
      }
      if (tag.name === 'page' && page !== null && path.length === 1) {
        if (page.id === null || !Number.isSafeInteger(page.id)) {
          throw new CollectionError(`Page ${String(index)} of the dump ("${page.title}") has no <id>`);
        }
        ready.push({ index, id: page.id, ns: page.ns, title: page.title, redirect: page.redirect, text: page.text });
        page = null;
      } else if (tag.name === 'siteinfo') {
        site = { base, dbName, language };
      }
    });

    const { text: input, failure } = textStream(file, isBzip2, (n) => (bytesRead += n));
    try {
      for await (const chunk of input) {
        try {
          parser.write(chunk as string);
        } catch (error) {
          if (error instanceof CollectionError) throw error;
          throw new CollectionError(
            `The dump is not well-formed XML (after page ${String(index)}): ${(error as Error).message}`,
            { cause: error },
          );
        }
        while (ready.length > 0) yield ready.shift() as DumpPage;
      }
      const broken = failure();
      if (broken !== null) throw broken;
      try {
        parser.close();
      } catch (error) {
        throw new CollectionError(
          `The dump ends in the middle of its XML (after page ${String(index)}): the download looks incomplete`,
          { cause: error },
        );
      }
      while (ready.length > 0) yield ready.shift() as DumpPage;
    } finally {
      input.destroy();
      path = [];
    }
  }

  return { site: () => site, bytesRead: () => bytesRead, bytes, pages: pages() };
}
