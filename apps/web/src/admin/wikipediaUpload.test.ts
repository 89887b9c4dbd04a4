import { describe, expect, it } from 'vitest';
import { importProgress } from './collectionUpload.ts';
import { dumpProblem, suggestWikipediaName } from './wikipediaUpload.ts';

describe('the Wikipedia dump upload', () => {
  it('takes a dump as downloaded, or its XML, up to 64 GB', () => {
    expect(dumpProblem(null)).toBe('noFile');
    expect(dumpProblem({ name: 'eswiki-latest-pages-articles-multistream.xml.bz2', size: 4e9 })).toBeNull();
    expect(dumpProblem({ name: 'enwiki-latest-pages-articles.XML.BZ2', size: 24e9 })).toBeNull();
    expect(dumpProblem({ name: 'eswiki-latest-pages-articles.xml', size: 2e10 })).toBeNull();
    expect(dumpProblem({ name: 'eswiki-latest-pages-articles-multistream-index.txt.bz2', size: 1e8 })).toBe('type');
    expect(dumpProblem({ name: 'notes.txt', size: 10 })).toBe('type');
    expect(dumpProblem({ name: '.xml.bz2', size: 10 })).toBe('type');
    expect(dumpProblem({ name: 'enwiki.xml.bz2', size: 65 * 1024 ** 3 })).toBe('tooLarge');
  });

  it('suggests the wiki as the collection name', () => {
    expect(suggestWikipediaName('eswiki-20240501-pages-articles-multistream.xml.bz2')).toBe('eswiki');
    expect(suggestWikipediaName('enwikibooks-latest-pages-articles.xml.bz2')).toBe('enwikibooks');
    expect(suggestWikipediaName('My Dump.xml')).toBe('my-dump');
  });

  it("shows a running import's share of the file read, since its article count comes at the end", () => {
    const wikipedia = {
      pages: 1200,
      skipped: { redirect: 300, namespace: 40, disambiguation: 5, short: 55 },
      bytes_done: 250,
      bytes_total: 1000,
    };
    expect(importProgress({ state: 'running', total: null, done: 800, failed: 0, wikipedia })).toEqual({
      handled: 800,
      total: null,
      percent: 25,
    });
    expect(importProgress({ state: 'queued', total: null, done: 0, failed: 0, wikipedia }).percent).toBeNull();
    expect(importProgress({ state: 'done', total: 800, done: 800, failed: 0, wikipedia }).percent).toBe(100);
  });
});
