/*
 * The internet as a source collection (DESIGN.md §4, collection 3): the types its parts share. A search
 * provider turns a query into results; the safe fetcher downloads a page a stranger chose; the page extractor
 * turns the bytes into text; the web stage of a check ties them together within a time budget.
 */

/** One search result as every provider's adapter returns it. */
export type SearchResult = {
  url: string;
  title: string;
  /** The provider's snippet (plain text, tags removed); may be empty. */
  snippet: string;
};

export type SearchProviderName = 'searxng' | 'brave' | 'google';

export type SearchProviderConfig =
  | { name: 'searxng'; url: string }
  | { name: 'brave'; url: string; apiKey: string }
  | { name: 'google'; url: string; apiKey: string; cx: string };

/**
 * Why a provider did not answer: a wrong or missing key (`auth`), an exhausted quota or rate limit (`quota`),
 * the provider down, slow or unreachable (`unavailable`), an answer that is not its documented JSON
 * (`bad_response`).
 */
export type SearchFailure = 'auth' | 'quota' | 'unavailable' | 'bad_response';

export class SearchProviderError extends Error {
  readonly failure: SearchFailure;

  constructor(failure: SearchFailure, message: string) {
    super(message);
    this.name = 'SearchProviderError';
    this.failure = failure;
  }
}

export type SearchOptions = {
  /** The document's language: providers that take one are asked for pages in it. */
  language: 'en' | 'es';
  /** Results wanted (providers cap it: Google 10, Brave 20). */
  count: number;
  signal?: AbortSignal;
};

export interface SearchProvider {
  readonly name: SearchProviderName;
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

/** How pages chosen by strangers are downloaded (issue 14 §3). */
export type FetchPolicy = {
  /** Ports a URL may name (80 and 443 by default). */
  allowedPorts: readonly number[];
  /**
   * Addresses or CIDR ranges that may be connected to although they are loopback, private or link-local
   * (tests and a local corpus only; empty by default). Everything else of those ranges is refused.
   */
  allowAddresses: readonly string[];
  maxRedirects: number;
  /** Cap on the body after decompression. */
  maxBytes: number;
  connectTimeoutMs: number;
  /** Cap on one download, redirects included. */
  totalTimeoutMs: number;
  /** Media types accepted (text/html, application/xhtml+xml, text/plain, application/pdf, the DOCX type). */
  contentTypes: readonly string[];
  /** "VeritextBot/1.0 (+PUBLIC_URL/…)": names the product and where to read about it. */
  userAgent: string;
  perHostConcurrency: number;
  perHostDelayMs: number;
  /** Honour robots.txt (on by default; the cache keeps each host's for a day). */
  respectRobots: boolean;
};

/** Why a download was refused or cut. */
export type FetchRefusal =
  | 'scheme'
  | 'port'
  | 'address'
  | 'dns'
  | 'redirects'
  | 'too_large'
  | 'timeout'
  | 'content_type'
  | 'robots'
  | 'status'
  | 'network';

export class FetchRefusedError extends Error {
  readonly reason: FetchRefusal;
  readonly url: string;

  constructor(reason: FetchRefusal, url: string, message: string) {
    super(message);
    this.name = 'FetchRefusedError';
    this.reason = reason;
    this.url = url;
  }
}

/** A downloaded page, before extraction. */
export type FetchedPage = {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL after redirects. */
  url: string;
  status: number;
  /** The media type without parameters, lower case ("text/html"). */
  contentType: string;
  /** The charset parameter of Content-Type, when given. */
  charset: string | null;
  body: Buffer;
  fetchedAt: Date;
};

export interface SafeFetcher {
  /** Downloads one page under the policy; a refusal throws FetchRefusedError. */
  fetch(url: string, options?: { signal?: AbortSignal }): Promise<FetchedPage>;
  close(): Promise<void>;
}

/** A page's text as the reuse engine indexes it. */
export type ExtractedPage = {
  /** The canonical URL when the page names one on its own site, else the final URL. */
  url: string;
  title: string;
  text: string;
};

/**
 * What the web stage of one check did, as the report states it (compared_with.internet): searched or not,
 * and why not; partial when the time budget ran out before every planned query was made.
 */
export type InternetOutcome = {
  searched: boolean;
  reason: 'no_provider' | 'provider_auth' | 'provider_quota' | 'provider_unavailable' | null;
  partial: boolean;
  queries: number;
  pages: number;
};
