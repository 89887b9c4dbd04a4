-- The internet's page cache (issue 14 §1; modules/web-sources/web-cache.repository.ts). A page fetched for a
-- check is kept for WEB_CACHE_TTL_DAYS so that it is not downloaded again within that time: its text and
-- fingerprints live in the reuse index (reuse_sources, collection 'web', key source_key), this row says which
-- URL gave it, what it is called and until when it counts. Several rows may share a source key (addresses
-- with the same canonical URL or the same text). The hourly sweep removes expired rows and, once no live row
-- names it, the index entry; reports keep their passages, stored with them. Runs on PostgreSQL and PGlite alike.
CREATE TABLE web_pages (
  -- The URL a search result gave (after normalisation by the web stage), as asked for.
  url text PRIMARY KEY,
  -- Where its redirects ended, and the URL it is cited by (its canonical link on its own host, else final_url).
  final_url text NOT NULL,
  canonical_url text NOT NULL,
  title text NOT NULL DEFAULT '',
  -- sha256 (hex) of the extracted text: the same text under another address is one source.
  content_sha256 text NOT NULL,
  -- reuse_sources.key: 'web:' and a hash of the canonical URL.
  source_key text NOT NULL,
  fetched_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX web_pages_expires_idx ON web_pages (expires_at);
CREATE INDEX web_pages_content_idx ON web_pages (content_sha256);
CREATE INDEX web_pages_source_key_idx ON web_pages (source_key);

-- The negative cache: a URL that was refused (robots.txt, a private address, too large, no usable text…) is not
-- tried again until expires_at.
CREATE TABLE web_fetch_refusals (
  url text PRIMARY KEY,
  reason text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX web_fetch_refusals_expires_idx ON web_fetch_refusals (expires_at);
