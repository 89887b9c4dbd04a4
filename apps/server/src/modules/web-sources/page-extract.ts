/*
 * A downloaded page turned into the text the reuse engine indexes (issue 14 §1, "Fetch and extract"). HTML goes
 * through html-extract.ts (its charset, Readability's main text, title, canonical URL) in a small pool of worker
 * threads; PDF, DOCX and plain text through packages/extract, which parses in a limited worker of its own.
 * Pages are chosen by strangers: no page may hold the server's event loop or its memory, so every parser runs
 * in a thread with a heap limit that is ended when it takes too long.
 */
import { Worker } from 'node:worker_threads';
import { extractText, type Ext } from '@veritext/extract';
import type { ExtractedPage, FetchedPage } from './types.ts';

/** What the HTML worker is sent: the body, the charset of Content-Type, and the URL the page came from. */
export type HtmlJob = { bytes: Uint8Array; charset: string | null; url: string };
export type HtmlReply = { ok: true; page: ExtractedPage } | { ok: false; message: string };

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The file types packages/extract reads, by media type. */
const FILE_TYPES = new Map<string, Ext>([
  ['application/pdf', 'pdf'],
  [DOCX_TYPE, 'docx'],
  ['text/plain', 'txt'],
]);

/**
 * HTML worker threads at most. Two keep a check's downloads flowing while one page is slow; more would take
 * cores from the checks themselves. A thread costs about half a second to start (linkedom and Readability
 * loaded), so threads stay for a while after their last page instead of one per page.
 */
const HTML_WORKERS = 2;
/** One HTML page's limit: nested markup can make Readability work for many seconds on a small page. */
const HTML_TIMEOUT_MS = 10_000;
const HTML_MAX_MEMORY_MB = 256;
/** An idle HTML thread ends after this long. */
const HTML_IDLE_MS = 30_000;
/** A file's (PDF, DOCX) limit in packages/extract; its other limits are its defaults. */
const FILE_TIMEOUT_MS = 15_000;
/**
 * Web pages are one caller to packages/extract's scheduler: they run RUNNING_PER_CALLER at a time and never
 * crowd out users' uploads. Many may wait: the web stage's own budget bounds them.
 */
const FILE_CALLER = 'web-pages';
const FILE_MAX_WAITING = 1000;

const WORKER_URL = new URL('./html-extract.worker.ts', import.meta.url);

type Pending = {
  job: HtmlJob;
  resolve(page: ExtractedPage): void;
  reject(error: Error): void;
};

type HtmlThread = {
  worker: Worker;
  pending: Pending | null;
  timer: NodeJS.Timeout | null;
};

const threads = new Set<HtmlThread>();
const waiting: Pending[] = [];

/** Removes the thread from the pool and fails its page, if it had one (a crash, a time-out, the memory limit). */
function drop(thread: HtmlThread, error: Error): void {
  if (!threads.delete(thread)) return;
  if (thread.timer !== null) clearTimeout(thread.timer);
  const pending = thread.pending;
  thread.pending = null;
  void thread.worker.terminate();
  pending?.reject(error);
  pump();
}

function spawn(): HtmlThread {
  const worker = new Worker(WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: HTML_MAX_MEMORY_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  const thread: HtmlThread = { worker, pending: null, timer: null };
  worker.on('message', (reply: HtmlReply) => {
    const pending = thread.pending;
    if (pending === null) return;
    if (thread.timer !== null) clearTimeout(thread.timer);
    thread.pending = null;
    // idle: the thread no longer keeps the process alive, and ends if no page comes for a while
    worker.unref();
    thread.timer = setTimeout(() => {
      drop(thread, new Error('idle'));
    }, HTML_IDLE_MS).unref();
    if (reply.ok) pending.resolve(reply.page);
    else pending.reject(new Error(reply.message));
    pump();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
    drop(thread, new Error(outOfMemory ? 'the HTML page needs too much memory' : `HTML worker: ${error.message}`));
  });
  worker.on('exit', (code) => {
    drop(thread, new Error(`HTML worker exited with code ${String(code)}`));
  });
  threads.add(thread);
  return thread;
}

/** Hands waiting pages to idle threads, starting threads up to HTML_WORKERS. */
function pump(): void {
  while (waiting.length > 0) {
    let thread = [...threads].find((candidate) => candidate.pending === null);
    if (thread === undefined) {
      if (threads.size >= HTML_WORKERS) return;
      thread = spawn();
    }
    const pending = waiting.shift();
    if (pending === undefined) return;
    if (thread.timer !== null) clearTimeout(thread.timer);
    const busy = thread;
    busy.pending = pending;
    busy.worker.ref();
    busy.timer = setTimeout(() => {
      drop(busy, new Error(`the HTML page took longer than ${String(HTML_TIMEOUT_MS)} ms to read`));
    }, HTML_TIMEOUT_MS);
    // a copy of the body's own bytes only (a Buffer may be a view into a larger pool), moved, not copied again
    const bytes = new Uint8Array(pending.job.bytes);
    busy.worker.postMessage({ ...pending.job, bytes }, [bytes.buffer]);
  }
}

function extractHtmlInWorker(job: HtmlJob): Promise<ExtractedPage> {
  return new Promise((resolve, reject) => {
    waiting.push({ job, resolve, reject });
    pump();
  });
}

/** Ends the HTML threads and fails the pages waiting for one (at shutdown, and after tests). */
export async function closePageExtractor(): Promise<void> {
  for (const pending of waiting.splice(0)) pending.reject(new Error('the page extractor is closing'));
  const all = [...threads];
  threads.clear();
  for (const thread of all) {
    if (thread.timer !== null) clearTimeout(thread.timer);
    thread.pending?.reject(new Error('the page extractor is closing'));
  }
  await Promise.all(all.map((thread) => thread.worker.terminate()));
}

/** The last segment of the URL's path, decoded ("report.pdf"), else its host name. */
function nameFromUrl(url: string): string {
  const parsed = new URL(url);
  const segment = parsed.pathname.split('/').findLast((part) => part !== '') ?? '';
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // a malformed escape: the segment as it is
  }
  return name.trim() === '' ? parsed.hostname : name.trim();
}

/**
 * Plain text in the charset its Content-Type names, handed to packages/extract as UTF-8 with a byte order mark
 * (which it reads first): left to itself it would guess UTF-8, else windows-1252. Without a charset, or with one
 * TextDecoder does not know, the bytes as they came.
 */
function textInCharset(bytes: Uint8Array, charset: string | null): Uint8Array {
  if (charset === null) return bytes;
  let text: string;
  try {
    const decoder = new TextDecoder(charset.trim());
    if (decoder.encoding === 'utf-8') return bytes;
    text = decoder.decode(bytes);
  } catch {
    return bytes;
  }
  return Buffer.from(`\ufeff${text}`, 'utf8');
}

async function extractFile(page: FetchedPage, ext: Ext): Promise<ExtractedPage> {
  const bytes = ext === 'txt' ? textInCharset(page.body, page.charset) : page.body;
  const extracted = await extractText(bytes, `page.${ext}`, {
    caller: FILE_CALLER,
    maxPerCaller: FILE_MAX_WAITING,
    timeoutMs: FILE_TIMEOUT_MS,
  });
  const title = ext === 'pdf' ? pdfTitle(page.body) : null;
  return { url: page.url, title: title ?? nameFromUrl(page.url), text: extracted.text };
}

/**
 * The text of a downloaded page, with its title and the URL it is cited by. HTML (text/html,
 * application/xhtml+xml) as html-extract.ts reads it; PDF, DOCX and plain text through packages/extract, titled
 * by the PDF's metadata, else the last segment of the URL. Throws an Error saying why when the page has no usable
 * text: an unsupported type, an unreadable file, a parser past its limits, or no letter or digit at all.
 */
export async function extractPage(page: FetchedPage): Promise<ExtractedPage> {
  let extracted: ExtractedPage;
  try {
    if (HTML_TYPES.has(page.contentType)) {
      extracted = await extractHtmlInWorker({ bytes: page.body, charset: page.charset, url: page.url });
      if (extracted.title === '') extracted = { ...extracted, title: nameFromUrl(extracted.url) };
    } else {
      const ext = FILE_TYPES.get(page.contentType);
      if (ext === undefined) throw new Error(`pages of type ${page.contentType} are not read`);
      extracted = await extractFile(page, ext);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`No usable text in ${page.url}: ${reason}`, { cause: error });
  }
  if (!/[\p{L}\p{N}]/u.test(extracted.text)) throw new Error(`No usable text in ${page.url}: no words`);
  return extracted;
}

/** The longest title kept from a PDF's metadata. */
const MAX_PDF_TITLE_CHARS = 300;
/** How far into an object the Info dictionary's /Title is looked for. */
const MAX_INFO_CHARS = 64 * 1024;

/**
 * A PDF's title from its metadata without parsing the file: the /Title of the document information dictionary
 * that the trailer's /Info names (the last one, so an incremental update's wins), else the XMP packet's
 * dc:title. Null when neither is there in the clear (an Info dictionary inside a compressed object stream, an
 * encrypted file) or the title is empty. A text scan over the bytes, so it is safe on a hostile file.
 */
export function pdfTitle(bytes: Uint8Array): string | null {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const title = infoTitle(source) ?? xmpTitle(source);
  if (title === null) return null;
  const clean = title.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  if (clean === '') return null;
  return clean.length > MAX_PDF_TITLE_CHARS ? `${clean.slice(0, MAX_PDF_TITLE_CHARS - 1)}…` : clean;
}

function lastMatch(source: string, pattern: RegExp): RegExpExecArray | null {
  let last: RegExpExecArray | null = null;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) last = match;
  return last;
}

/** The text of object `number generation` (its last definition: an incremental update's wins), or null. */
function pdfObject(source: string, number: string, generation: string): string | null {
  const object = lastMatch(source, new RegExp(`(?<![0-9])${number}\\s+${generation}\\s+obj\\b`, 'g'));
  if (object === null) return null;
  const start = object.index + object[0].length;
  const end = source.indexOf('endobj', start);
  return source.slice(start, end < 0 ? start + MAX_INFO_CHARS : Math.min(end, start + MAX_INFO_CHARS));
}

function infoTitle(source: string): string | null {
  const info = lastMatch(source, /\/Info\s+(\d+)\s+(\d+)\s+R/g);
  const body = info === null ? null : pdfObject(source, info[1] ?? '', info[2] ?? '');
  if (body === null) return null;
  // the title is in the dictionary, or in an object of its own that the dictionary names
  const key = /\/Title\s*(?:(\d+)\s+(\d+)\s+R|(?=[(<]))/.exec(body);
  if (key === null) return null;
  let raw: number[] | null;
  if (key[1] === undefined) {
    raw = pdfString(body, key.index + key[0].length);
  } else {
    const own = pdfObject(source, key[1], key[2] ?? '');
    raw = own === null ? null : pdfString(own, own.length - own.trimStart().length);
  }
  return raw === null ? null : decodePdfText(raw);
}

/** The bytes of the PDF string (literal or hexadecimal) that starts at `at`, or null when there is none. */
function pdfString(source: string, at: number): number[] | null {
  const bytes: number[] = [];
  if (source[at] === '<') {
    const close = source.indexOf('>', at);
    if (close < 0 || source[at + 1] === '<') return null;
    const hex = source.slice(at + 1, close).replace(/\s+/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) return null;
    for (let index = 0; index < hex.length; index += 2)
      bytes.push(Number.parseInt(hex.slice(index, index + 2).padEnd(2, '0'), 16));
    return bytes;
  }
  if (source[at] !== '(') return null;
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  let depth = 1;
  for (let index = at + 1; index < source.length; index += 1) {
    const char = source[index] ?? '';
    if (char === '\\') {
      const next = source[index + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(source.slice(index + 1, index + 4));
      if (octal !== null) {
        bytes.push(Number.parseInt(octal[0], 8) & 0xff);
        index += octal[0].length;
      } else if (next === '\r' || next === '\n') {
        index += next === '\r' && source[index + 2] === '\n' ? 2 : 1; // a line continuation
      } else {
        bytes.push(escapes[next] ?? next.charCodeAt(0));
        index += 1;
      }
      continue;
    }
    if (char === '(') depth += 1;
    if (char === ')') {
      depth -= 1;
      if (depth === 0) return bytes;
    }
    bytes.push(char.charCodeAt(0));
  }
  return null;
}

/** A PDF text string: UTF-16BE or UTF-8 after its byte order mark, else PDFDocEncoding (Latin-1 near enough). */
function decodePdfText(bytes: number[]): string {
  const data = Uint8Array.from(bytes);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
    return new TextDecoder('utf-8').decode(data.subarray(3));
  return Buffer.from(data).toString('latin1');
}

function xmpTitle(source: string): string | null {
  const title = /<dc:title>([\s\S]{0,4096}?)<\/dc:title>/.exec(source)?.[1];
  const item = title === undefined ? undefined : /<rdf:li[^>]*>([^<]*)<\/rdf:li>/.exec(title)?.[1];
  if (item === undefined) return null;
  // XMP is UTF-8: the Latin-1 view of the bytes goes back to bytes, then to text
  const text = Buffer.from(item, 'latin1').toString('utf8');
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(
    /&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/gi,
    (whole, hex?: string, decimal?: string, name?: string) => {
      if (name !== undefined) return named[name.toLowerCase()] ?? whole;
      const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}
