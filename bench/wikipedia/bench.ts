/**
 * `npm run bench:wikipedia`: how fast a Wikipedia dump imports, and in how much memory (issue 14 §4).
 *
 * Builds a Spanish wiki of --articles articles (default 20,000) in realistic wikitext, plus the redirects,
 * disambiguation pages, stubs and other namespaces a dump holds (apps/server/test/wikipedia-dump.ts), as a
 * multistream .xml.bz2, then imports it as `npm run admin -- collections import-wikipedia` does, into the embedded
 * PGlite on disk (or the PostgreSQL of --database-url). Measures, each on its own:
 *
 * 1. reading: bzip2 decompression and XML parsing alone (MB of XML a second);
 * 2. converting: the above plus wikitext to plain text (pages a second), no database;
 * 3. the import: articles a second, peak resident memory (sampled every 100 ms), the database's size after.
 *
 * and projects the import's time for the Spanish (about 2 million articles) and English (about 6.9 million)
 * Wikipedias. Writes bench/results/wikipedia.md and .json (wikipedia-postgres.* with --database-url, the URL of an
 * empty database). Needs nothing of ../shared.
 *
 *   node bench/wikipedia/bench.ts [--articles 20000] [--database-url postgres://…]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { openDump } from '../../apps/server/src/modules/collections/wikipedia-dump.ts';
import { pageOutcome, wikiSiteOf } from '../../apps/server/src/modules/collections/wikipedia-pages.ts';
import { generateWiki, writeDump } from '../../apps/server/test/wikipedia-dump.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { articles: { type: 'string', default: '20000' }, 'database-url': { type: 'string' } },
});
const articles = Math.max(100, Number(values.articles));
const databaseUrl = values['database-url'];
/** The embedded PGlite's figures in wikipedia.md, a PostgreSQL server's in wikipedia-postgres.md. */
const resultName = databaseUrl === undefined ? 'wikipedia' : 'wikipedia-postgres';
const log = (line: string): void => void process.stderr.write(line + '\n');

const ES_ARTICLES = 2_000_000;
const EN_ARTICLES = 6_900_000;

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const hours = (seconds: number): string => (seconds / 3600).toFixed(1);

type ImportSummary = {
  imported: number;
  skipped: { redirect: number; namespace: number; disambiguation: number; short: number };
};

/**
 * `npm run admin -- collections import-wikipedia` on the dump, in its own process; samples its resident memory
 * every 100 ms (VmHWM: the kernel's own peak) and reads its summary line.
 */
async function runImport(
  dump: string,
  dataDir: string,
  articles: number,
): Promise<{ peakRss: number; peakFirstHalf: number; peakSecondHalf: number; summary: ImportSummary }> {
  const admin = join(root, 'apps/server/src/cli/admin.ts');
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  };
  const child = spawn(process.execPath, [admin, 'collections', 'import-wikipedia', 'bench-eswiki', dump, '--restart'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peakRss = 0;
  // resident memory in the first and the second half of the import: flat memory keeps the second no higher
  let peakFirstHalf = 0;
  let peakSecondHalf = 0;
  let imported = 0;
  const sample = (): void => {
    try {
      const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      if (hwm !== undefined) peakRss = Math.max(peakRss, Number(hwm) * 1024);
      if (imported < articles / 2) peakFirstHalf = Math.max(peakFirstHalf, rss);
      else peakSecondHalf = Math.max(peakSecondHalf, rss);
    } catch {
      // gone
    }
  };
  const timer = setInterval(sample, 100);
  let stdout = '';
  let stderrTail = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderrTail = (stderrTail + d.toString()).slice(-2000);
    const lines = d.toString().trim().split('\n');
    const last = lines.at(-1) ?? '';
    imported = Number(/articles ([\d,]+) ·/.exec(last)?.[1]?.replace(/,/g, '') ?? imported);
    log(`  ${last}`);
  });
  const [code] = (await once(child, 'close')) as [number | null];
  clearInterval(timer);
  if (code !== 0) throw new Error(`the import failed (exit code ${String(code)}):\n${stderrTail}`);
  const number = (text: string | undefined): number => Number((text ?? '0').replace(/,/g, ''));
  const summary =
    /Imported ([\d,]+) articles .* \(skipped ([\d,]+) redirects, ([\d,]+) in other namespaces, ([\d,]+) disambiguation, ([\d,]+) short/.exec(
      stdout,
    );
  if (summary === null) throw new Error(`unexpected output: ${stdout}`);
  return {
    peakRss,
    peakFirstHalf,
    peakSecondHalf,
    summary: {
      imported: number(summary[1]),
      skipped: {
        redirect: number(summary[2]),
        namespace: number(summary[3]),
        disambiguation: number(summary[4]),
        short: number(summary[5]),
      },
    },
  };
}

const dir = mkdtempSync(join(os.tmpdir(), 'vt-bench-wikipedia-'));
try {
  log(`generating ${String(articles)} articles…`);
  const pages = generateWiki({ language: 'es', articles, seed: 11, sections: [3, 8] });
  const dump = join(dir, 'eswiki-bench-pages-articles-multistream.xml.bz2');
  const dumpBytes = await writeDump(dump, 'es', pages, 'multistream');
  const wikitextBytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p.text), 0);
  const pageCount = pages.length;
  const articleWords = pages
    .filter((p) => p.kind === 'article')
    .reduce((sum, p) => sum + p.paragraphs.join(' ').split(' ').length, 0);
  pages.length = 0; // the generated wiki is not needed any more
  log(`dump: ${String(pageCount)} pages, ${mb(dumpBytes)} MB compressed`);

  // 1. decompression and XML alone
  let xmlChars = 0;
  let started = performance.now();
  {
    const reader = await openDump(dump);
    for await (const page of reader.pages) xmlChars += page.text.length;
  }
  const readSeconds = (performance.now() - started) / 1000;
  log(`reading: ${readSeconds.toFixed(1)} s`);

  // 2. plus wikitext to text
  started = performance.now();
  {
    const reader = await openDump(dump);
    for await (const page of reader.pages) pageOutcome(page, wikiSiteOf(reader.site()));
  }
  const convertSeconds = (performance.now() - started) / 1000;
  log(`converting: ${convertSeconds.toFixed(1)} s`);

  // 3. the import, by the CLI in its own process: its peak resident memory (VmHWM) is the import's alone
  const dataDir = join(dir, 'data');
  started = performance.now();
  const run = await runImport(dump, dataDir, articles);
  const importSeconds = (performance.now() - started) / 1000;
  const importPeak = run.peakRss;
  let databaseBytes = databaseUrl === undefined ? folderBytes(dataDir) : 0;
  if (databaseUrl !== undefined) {
    const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const { rows } = await db.query<{ bytes: number }>(
        'SELECT pg_database_size(current_database())::float8 AS bytes',
      );
      databaseBytes = rows[0]?.bytes ?? 0;
    } finally {
      await db.close();
    }
  }
  const final = run.summary;
  const imported = final.imported;
  const skipped = final.skipped;
  const rate = imported / importSeconds;
  const words = Math.round(articleWords / imported);
  const result = {
    date: new Date().toISOString(),
    machine: `${String(os.cpus().length)} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}`,
    database: databaseUrl === undefined ? 'PGlite on disk (embedded default)' : 'PostgreSQL',
    pages: pageCount,
    articles: imported,
    skipped,
    wordsPerArticle: words,
    wikitextMegabytes: Number(mb(wikitextBytes)),
    dumpMegabytes: Number(mb(dumpBytes)),
    reading: { seconds: readSeconds, wikitextMegabytesPerSecond: xmlChars / 1024 / 1024 / readSeconds },
    converting: { seconds: convertSeconds, pagesPerSecond: pageCount / convertSeconds },
    import: {
      seconds: importSeconds,
      articlesPerSecond: rate,
      peakRssMb: Number(mb(importPeak)),
      peakRssFirstHalfMb: Number(mb(run.peakFirstHalf)),
      peakRssSecondHalfMb: Number(mb(run.peakSecondHalf)),
      databaseMegabytes: Number(mb(databaseBytes)),
      databaseKilobytesPerArticle: databaseBytes / 1024 / imported,
    },
    projection: {
      esHours: ES_ARTICLES / rate / 3600,
      enHours: EN_ARTICLES / rate / 3600,
      esDatabaseGigabytes: (ES_ARTICLES * databaseBytes) / imported / 1024 ** 3,
      enDatabaseGigabytes: (EN_ARTICLES * databaseBytes) / imported / 1024 ** 3,
    },
  };
  writeFileSync(join(root, `bench/results/${resultName}.json`), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(
    join(root, `bench/results/${resultName}.md`),
    `# Wikipedia dump import (\`npm run bench:wikipedia\`, issue 14 §4)

${result.date} · ${result.machine} · ${result.database}

A generated Spanish wiki (apps/server/test/wikipedia-dump.ts): ${String(result.pages)} pages, of which
${String(imported)} articles of about ${String(words)} words of prose each in realistic wikitext (infobox, references,
links, tables, files, lists, headings), and ${String(skipped.redirect)} redirects, ${String(skipped.namespace)} pages of other
namespaces, ${String(skipped.disambiguation)} disambiguation pages, ${String(skipped.short)} stubs; ${String(result.wikitextMegabytes)} MB of wikitext, a
${String(result.dumpMegabytes)} MB multistream .xml.bz2. Imported as \`npm run admin -- collections import-wikipedia\` does.

| stage | time | throughput | peak RSS |
|---|---|---|---|
| bzip2 + XML only (one thread) | ${readSeconds.toFixed(1)} s | ${result.reading.wikitextMegabytesPerSecond.toFixed(1)} MB of wikitext/s | |
| + wikitext to text (one thread, no database) | ${convertSeconds.toFixed(1)} s | ${result.converting.pagesPerSecond.toFixed(0)} pages/s | |
| the whole import (the CLI: reading in a worker thread, indexing) | ${importSeconds.toFixed(1)} s | **${rate.toFixed(0)} articles/s** | **${String(result.import.peakRssMb)} MB** |

Resident memory (sampled every 100 ms): at most ${String(result.import.peakRssFirstHalfMb)} MB while the first half of the
articles were imported, ${String(result.import.peakRssSecondHalfMb)} MB during the second half.

Database after the import: ${String(result.import.databaseMegabytes)} MB, ${result.import.databaseKilobytesPerArticle.toFixed(1)} kB an article (text, fingerprints, indexes).

Projected at this rate (articles only; real articles are longer on average, and a real dump has more redirects
to pass over, so take these as lower bounds):

| Wikipedia | articles | import time | database |
|---|---|---|---|
| Spanish | about 2 million | ${hours(result.projection.esHours * 3600)} h | ${result.projection.esDatabaseGigabytes.toFixed(0)} GB |
| English | about 6.9 million | ${hours(result.projection.enHours * 3600)} h | ${result.projection.enDatabaseGigabytes.toFixed(0)} GB |
`,
  );
  log(
    `import: ${imported} articles in ${importSeconds.toFixed(1)} s (${rate.toFixed(0)}/s), peak RSS ${mb(importPeak)} MB`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
