import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Client, buildConnector, errors as undiciErrors } from 'undici';
import { createHostLimiter } from './host-limiter.ts';
import { createAddressCheck } from './ip-ranges.ts';
import { ROBOTS_MAX_BYTES, createRobotsChecker, type RobotsAnswer } from './robots.ts';
import { FetchRefusedError, type FetchPolicy, type FetchRefusal, type FetchedPage, type SafeFetcher } from './types.ts';

/*
 * Downloads pages that strangers chose (issue 14 §3): the URLs come from search results, so from anyone who
 * can put a page on the web, and every part of the download is treated as hostile.
 *
 * - Where: only http and https, only the policy's ports. Each hop's host name is resolved once, every address
 *   it resolves to is checked (ip-ranges.ts: loopback, private, link-local, cloud metadata… refused unless the
 *   policy's allow-list names them) and the connection is made to that very address: undici's connector is
 *   given the IP, with the host name only as the TLS server name and in the Host header. The HTTP stack never
 *   resolves the name again, so a DNS answer that changes between the check and the connection (DNS
 *   rebinding) reaches nothing. Redirects are followed by hand, at most `maxRedirects`, and each hop is
 *   checked again from the start.
 * - How much: the body is counted after decompression (gzip, deflate and br are decoded here, by node:zlib
 *   streams, so the count is of what the server really makes us hold); the download stops as soon as the count
 *   passes `maxBytes`, so a gzip bomb costs a few chunks of memory and milliseconds. One deadline of
 *   `totalTimeoutMs` covers the whole fetch, robots.txt, queueing and redirects included, so a server that
 *   drips a byte a second is cut; `connectTimeoutMs` bounds each connection attempt.
 * - What: the Content-Type must be one of the policy's (a response without one is refused), and the first
 *   bytes must agree with it (a "PDF" that does not start with %PDF, a web page that starts with one or holds
 *   binary bytes is refused).
 * - Politeness: robots.txt honoured (robots.ts), at most `perHostConcurrency` requests per host and
 *   `perHostDelayMs` between them (host-limiter.ts), an honest User-Agent.
 * Every refusal throws FetchRefusedError and is logged with the URL and the reason.
 */

/** Resolves a host name to all its addresses, as dns.promises.lookup(name, { all: true }) does. */
export type LookupFn = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The logger's part the fetcher uses (pino's Logger fits). */
export type FetchLogger = {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
};

const MIB = 1024 * 1024;

/**
 * The policy of the product, before configuration overrides it: ports 80 and 443, 5 redirects, 5 MiB, 5 s to
 * connect and 15 s in all, the document types the extractor reads, 2 requests at a time per host 250 ms
 * apart, robots.txt honoured, and a User-Agent that names the product and where to read about it.
 */
export function defaultFetchPolicy(publicUrl: string): FetchPolicy {
  return {
    allowedPorts: [80, 443],
    allowAddresses: [],
    maxRedirects: 5,
    maxBytes: 5 * MIB,
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 15_000,
    contentTypes: [
      'text/html',
      'application/xhtml+xml',
      'text/plain',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    userAgent: `VeritextBot/1.0 (+${publicUrl.replace(/\/+$/, '')}/)`,
    perHostConcurrency: 2,
    perHostDelayMs: 250,
    respectRobots: true,
  };
}

/** One hop of a download: the URL and the address it was resolved to, once. */
type Hop = { url: URL; hostname: string; address: string };

/** How a response's body is read: refused past the cap (a page) or cut there (robots.txt). */
type ReadMode =
  { kind: 'page'; maxBytes: number; contentTypes: ReadonlySet<string> } | { kind: 'robots'; maxBytes: number };

type Exchange =
  | { kind: 'redirect'; location: string }
  | { kind: 'done'; status: number; contentType: string; charset: string | null; body: Buffer };

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Bytes looked at to tell a body's real kind (the WHATWG MIME Sniffing standard reads up to 1445). */
const SNIFF_BYTES = 1024;

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function createSafeFetcher(
  policy: FetchPolicy,
  deps: { lookup?: LookupFn; logger?: FetchLogger } = {},
): SafeFetcher {
  const lookup: LookupFn = deps.lookup ?? ((hostname) => dns.lookup(hostname, { all: true, order: 'verbatim' }));
  const logger = deps.logger;
  const addressRefusal = createAddressCheck(policy.allowAddresses);
  const allowedPorts = new Set(policy.allowedPorts);
  const contentTypes = new Set(policy.contentTypes.map((type) => type.toLowerCase()));
  const limiter = createHostLimiter({ concurrency: policy.perHostConcurrency, delayMs: policy.perHostDelayMs });
  const robots = createRobotsChecker({ userAgent: policy.userAgent });
  const connector = buildConnector({ timeout: policy.connectTimeoutMs });
  const closing = new AbortController();
  const headers = {
    'user-agent': policy.userAgent,
    accept: [...contentTypes].join(', '),
    'accept-encoding': 'gzip, deflate, br',
  };

  /** Checks a URL's scheme and port, resolves its host once and checks every address it has. */
  async function resolveHop(url: URL, signal: AbortSignal): Promise<Hop> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchRefusedError('scheme', url.href, `Only http and https are downloaded, not ${url.protocol}`);
    }
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (!allowedPorts.has(port)) throw new FetchRefusedError('port', url.href, `Port ${port} is not allowed`);
    // Credentials in a stranger's URL are never sent, nor logged.
    url.username = '';
    url.password = '';
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: readonly LookupAddress[];
    if (isIP(hostname) !== 0) {
      addresses = [{ address: hostname, family: isIP(hostname) }];
    } else {
      try {
        addresses = await abortable(lookup(hostname), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new FetchRefusedError('dns', url.href, `${hostname} does not resolve: ${messageOf(error)}`);
      }
    }
    const first = addresses[0];
    if (first === undefined) throw new FetchRefusedError('dns', url.href, `${hostname} has no address`);
    // Every address is checked, not only the one connected to: a name that mixes public and private
    // addresses is someone probing, not a web site.
    for (const { address } of addresses) {
      const range = addressRefusal(address);
      if (range !== null) {
        throw new FetchRefusedError('address', url.href, `${hostname} resolves to ${address} (${range})`);
      }
    }
    return { url, hostname, address: first.address };
  }

  /** One request to the hop's pinned address, its answer read under `mode`. */
  async function exchange(hop: Hop, path: string, mode: ReadMode, signal: AbortSignal): Promise<Exchange> {
    const servername = isIP(hop.hostname) === 0 ? hop.hostname : undefined;
    const client = new Client(hop.url.origin, {
      // The socket goes to the address checked in resolveHop: no second look-up, whatever DNS says now.
      connect: (options, callback) => {
        connector({ ...options, hostname: hop.address, ...(servername === undefined ? {} : { servername }) }, callback);
      },
      headersTimeout: policy.totalTimeoutMs,
      bodyTimeout: policy.totalTimeoutMs,
    });
    try {
      const response = await client.request({ method: 'GET', path, headers, signal });
      const { statusCode: status } = response;
      if (REDIRECTS.has(status)) {
        const location = headerValue(response.headers.location);
        discard(response.body);
        if (location === null) {
          throw new FetchRefusedError('status', hop.url.href, `Redirect ${status} without a Location`);
        }
        return { kind: 'redirect', location };
      }
      const { mediaType, charset } = parseContentType(headerValue(response.headers['content-type']));
      if (mode.kind === 'robots') {
        if (status < 200 || status >= 300) {
          discard(response.body);
          return { kind: 'done', status, contentType: mediaType, charset, body: Buffer.alloc(0) };
        }
        const body = await readBody(hop, response, mode.maxBytes, 'cut', null);
        return { kind: 'done', status, contentType: mediaType, charset, body };
      }
      if (status < 200 || status >= 300) {
        discard(response.body);
        throw new FetchRefusedError('status', hop.url.href, `The server answered ${status}`);
      }
      if (!mode.contentTypes.has(mediaType)) {
        discard(response.body);
        throw new FetchRefusedError('content_type', hop.url.href, `Content-Type "${mediaType}" is not accepted`);
      }
      const body = await readBody(hop, response, mode.maxBytes, 'refuse', mediaType);
      return { kind: 'done', status, contentType: mediaType, charset, body };
    } finally {
      await client.destroy().catch(() => undefined);
    }
  }

  /**
   * Reads a body, decoding its Content-Encoding, and counts the decoded bytes: past `maxBytes` it refuses
   * ('refuse') or keeps what it has ('cut'). When `sniffAs` is a media type, the first bytes must agree.
   */
  async function readBody(
    hop: Hop,
    response: { headers: Record<string, string | string[] | undefined>; body: Readable },
    maxBytes: number,
    overflow: 'refuse' | 'cut',
    sniffAs: string | null,
  ): Promise<Buffer> {
    const tooLarge = (): FetchRefusedError =>
      new FetchRefusedError('too_large', hop.url.href, `The body is larger than ${maxBytes} bytes`);
    const codings = (headerValue(response.headers['content-encoding']) ?? '')
      .split(',')
      .map((coding) => coding.trim().toLowerCase())
      .filter((coding) => coding !== '' && coding !== 'identity');
    const declaredLength = Number(headerValue(response.headers['content-length']) ?? Number.NaN);
    if (overflow === 'refuse' && codings.length === 0 && declaredLength > maxBytes) {
      discard(response.body);
      throw tooLarge();
    }
    const decoders: Transform[] = [];
    for (const coding of [...codings].reverse()) {
      const decoder = decoderFor(coding);
      if (decoder === null) {
        discard(response.body);
        throw new FetchRefusedError('content_type', hop.url.href, `Content-Encoding "${coding}" is not understood`);
      }
      decoders.push(decoder);
    }
    let decoded: Readable = response.body;
    const last = decoders.at(-1);
    if (last !== undefined) {
      // Errors of any stage end the last one, where the loop below hears them.
      pipeline([response.body, ...decoders], () => undefined);
      decoded = last;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let sniffed = sniffAs === null;
    try {
      for await (const chunk of decoded as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          if (overflow === 'refuse') throw tooLarge();
          chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
          size = maxBytes;
          break;
        }
        chunks.push(chunk);
        if (!sniffed && size >= SNIFF_BYTES) {
          sniffed = true;
          checkSniff(hop, sniffAs ?? '', Buffer.concat(chunks));
        }
      }
    } finally {
      discard(decoded);
      discard(response.body);
    }
    const body = Buffer.concat(chunks, size);
    if (!sniffed) checkSniff(hop, sniffAs ?? '', body);
    return body;
  }

  function checkSniff(hop: Hop, mediaType: string, head: Buffer): void {
    const lie = sniffMismatch(mediaType, head.subarray(0, SNIFF_BYTES));
    if (lie !== null) throw new FetchRefusedError('content_type', hop.url.href, `Declared ${mediaType}, ${lie}`);
  }

  /** robots.txt of the hop's origin, from the address the hop was resolved to; redirects are new hops. */
  async function fetchRobots(first: Hop, robotsUrl: URL, signal: AbortSignal): Promise<RobotsAnswer> {
    let hop: Hop = { ...first, url: robotsUrl };
    for (let redirects = 0; ; redirects += 1) {
      const answer = await limiter.run(
        hop.hostname,
        () => exchange(hop, pathOf(hop.url), { kind: 'robots', maxBytes: ROBOTS_MAX_BYTES }, signal),
        signal,
      );
      if (answer.kind === 'done') {
        if (answer.status === 429 || answer.status >= 500) {
          logger?.info({ url: hop.url.href, status: answer.status }, 'robots.txt unreachable: the site is left alone');
        }
        return { status: answer.status, body: answer.body };
      }
      if (redirects >= policy.maxRedirects) {
        throw new FetchRefusedError('redirects', hop.url.href, 'robots.txt redirects too often');
      }
      hop = await resolveHop(nextUrl(hop, answer.location), signal);
    }
  }

  async function download(requestedUrl: string, signal: AbortSignal): Promise<FetchedPage> {
    let url: URL;
    try {
      url = new URL(requestedUrl);
    } catch {
      throw new FetchRefusedError('scheme', requestedUrl, 'Not a URL');
    }
    const mode: ReadMode = { kind: 'page', maxBytes: policy.maxBytes, contentTypes };
    for (let redirects = 0; ; redirects += 1) {
      const hop = await resolveHop(url, signal);
      if (policy.respectRobots) {
        const allowed = await robots.isAllowed(hop.url, (robotsUrl) => fetchRobots(hop, robotsUrl, signal));
        if (!allowed) throw new FetchRefusedError('robots', hop.url.href, 'robots.txt disallows it');
      }
      const answer = await limiter.run(hop.hostname, () => exchange(hop, pathOf(hop.url), mode, signal), signal);
      if (answer.kind === 'done') {
        return {
          requestedUrl,
          url: hop.url.href,
          status: answer.status,
          contentType: answer.contentType,
          charset: answer.charset,
          body: answer.body,
          fetchedAt: new Date(),
        };
      }
      if (redirects >= policy.maxRedirects) {
        throw new FetchRefusedError('redirects', hop.url.href, `More than ${policy.maxRedirects} redirects`);
      }
      url = nextUrl(hop, answer.location);
    }
  }

  return {
    async fetch(url, options = {}) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), policy.totalTimeoutMs);
      const signals = [deadline.signal, closing.signal, ...(options.signal === undefined ? [] : [options.signal])];
      const signal = AbortSignal.any(signals);
      try {
        return await download(url, signal);
      } catch (error) {
        if (options.signal?.aborted === true) throw options.signal.reason;
        if (closing.signal.aborted) throw new Error('The fetcher is closed', { cause: error });
        const refusal = refusalOf(error, url, deadline.signal.aborted, policy.totalTimeoutMs);
        logger?.warn({ url, refusedUrl: refusal.url, reason: refusal.reason }, `Web page refused: ${refusal.message}`);
        throw refusal;
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      closing.abort();
    },
  };
}

/** What went wrong, as a refusal: our own refusals as they are, timeouts as 'timeout', the rest 'network'. */
function refusalOf(error: unknown, url: string, timedOut: boolean, totalTimeoutMs: number): FetchRefusedError {
  if (timedOut) return new FetchRefusedError('timeout', url, `Not downloaded within ${totalTimeoutMs} ms`);
  if (error instanceof FetchRefusedError) return error;
  const timeouts = [undiciErrors.ConnectTimeoutError, undiciErrors.HeadersTimeoutError, undiciErrors.BodyTimeoutError];
  const reason: FetchRefusal = timeouts.some((type) => error instanceof type) ? 'timeout' : 'network';
  return new FetchRefusedError(reason, url, messageOf(error));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Stops reading a body. undici's body stream reports an unfinished body's end as an error, which nothing is
 * left to hear once the answer is decided; the listener keeps it from becoming an uncaught exception.
 */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first;
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** The redirect's target, resolved against the hop it came from; an unparsable one is the server's fault. */
function nextUrl(hop: Hop, location: string): URL {
  try {
    return new URL(location, hop.url);
  } catch {
    throw new FetchRefusedError('status', hop.url.href, `Redirect to an invalid URL: ${location}`);
  }
}

/** The media type (lower case, no parameters) and the charset parameter of a Content-Type header. */
export function parseContentType(header: string | null): { mediaType: string; charset: string | null } {
  if (header === null) return { mediaType: '', charset: null };
  const [type = '', ...parameters] = header.split(';');
  let charset: string | null = null;
  for (const parameter of parameters) {
    const [name = '', ...value] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const text = value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (text !== '') charset = text.toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

/**
 * A decoder for one Content-Encoding, or null for one not understood. Truncated streams are decoded as far
 * as they go (as browsers do) rather than refused; "deflate" is the zlib format RFC 9110 names.
 */
function decoderFor(coding: string): Transform | null {
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (coding === 'deflate') return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (coding === 'br') {
    return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  }
  return null;
}

/**
 * Why a body's first bytes contradict its declared media type, or null when they agree. A PDF starts with
 * %PDF- (readers accept it within the first kilobyte), a DOCX is a ZIP; text and HTML must hold neither and
 * no "binary data byte" of the WHATWG MIME Sniffing standard (controls other than tab, newlines, form feed
 * and escape), unless a UTF-16 byte order mark says the zeros are half of each character.
 */
export function sniffMismatch(mediaType: string, head: Buffer): string | null {
  if (mediaType === 'application/pdf') return head.includes(PDF_MAGIC) ? null : 'but the body is not a PDF';
  if (mediaType === DOCX_TYPE) return startsWith(head, ZIP_MAGIC) ? null : 'but the body is not a ZIP package';
  const text = head.subarray(firstNonSpace(head));
  if (startsWith(text, PDF_MAGIC)) return 'but the body is a PDF';
  if (startsWith(text, ZIP_MAGIC)) return 'but the body is a ZIP package';
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.some(isBinaryDataByte)) return 'but the body is binary';
  return null;
}

function isBinaryDataByte(byte: number): boolean {
  return byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);
}

function firstNonSpace(head: Buffer): number {
  let index = 0;
  while (index < head.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(head[index] ?? 0)) index += 1;
  return index;
}

function startsWith(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}

/** `promise`, or the signal's reason as soon as it aborts (a DNS look-up cannot itself be cancelled). */
async function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
