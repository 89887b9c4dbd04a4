import type { Logger } from 'pino';
import type { PlagiarismReport, ReportSource } from '@veritext/contracts';
import type { FingerprintStore } from '@veritext/reuse';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { closePageExtractor, extractPage } from './page-extract.ts';
import { createSearchProvider } from './providers/index.ts';
import { createSafeFetcher } from './safe-fetch.ts';
import type { InternetOutcome, SafeFetcher, SearchProvider } from './types.ts';
import { sqlWebPageCache } from './web-cache.repository.ts';
import { runWebStage, WEB_COLLECTION, type WebStageResult, type WebStageSettings } from './web-stage.ts';

/*
 * The internet in the product: one search provider and one safe fetcher per process, made from the
 * configuration when the process starts (`configureWebSearch`), used by every check the process runs. With no
 * provider configured (the default) nothing here runs and every report says the internet was not searched.
 */

export type WebSearch = {
  provider: SearchProvider;
  fetcher: SafeFetcher;
  settings: WebStageSettings;
};

/** What a report says when the internet was not searched because no provider is configured. */
export const NOT_SEARCHED: InternetOutcome = {
  searched: false,
  reason: 'no_provider',
  partial: false,
  queries: 0,
  pages: 0,
};

export function createWebSearch(config: Config['webSearch'], logger?: Pick<Logger, 'info' | 'warn'>): WebSearch | null {
  if (config.provider === null) return null;
  return {
    provider: createSearchProvider(config.provider),
    fetcher: createSafeFetcher(config.fetch, logger === undefined ? {} : { logger }),
    settings: {
      timeBudgetMs: config.timeBudgetMs,
      queriesPer1000Words: config.queriesPer1000Words,
      queriesMax: config.queriesMax,
      downloadsMax: config.downloadsMax,
      cacheTtlMs: config.cacheTtlMs,
    },
  };
}

let shared: WebSearch | null = null;

/** Called once when a worker process starts; null turns the internet off. */
export function configureWebSearch(search: WebSearch | null): void {
  shared = search;
}

/** The process's web search, null when no provider is configured. */
export function sharedWebSearch(): WebSearch | null {
  return shared;
}

export async function closeSharedWebSearch(): Promise<void> {
  const current = shared;
  shared = null;
  if (current !== null) await current.fetcher.close();
  await closePageExtractor();
}

/** Runs the web stage of one check; the pages found join the `web` collection of the index. */
export function searchTheWeb(
  db: Queryable,
  search: WebSearch,
  store: FingerprintStore,
  doc: { text: string; language: 'en' | 'es' },
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<WebStageResult> {
  return runWebStage(
    doc,
    {
      provider: search.provider,
      fetcher: search.fetcher,
      extract: extractPage,
      cache: sqlWebPageCache(db),
      store,
      logger,
    },
    search.settings,
  );
}

/**
 * Internet sources named for good: each source of the `web` collection gets its title, URL and the date its
 * page was fetched, stored in the report, so the report keeps them after the page leaves the cache.
 */
export async function withWebOrigins(db: Queryable, report: PlagiarismReport): Promise<PlagiarismReport> {
  const lists = [report.sources, report.quSources, report.reSources];
  const keys = lists
    .flat()
    .filter((source) => source.sourceType === WEB_COLLECTION)
    .map((source) => source.index[0]?.db_id)
    .filter((key) => key !== undefined);
  if (keys.length === 0) return report;
  const pages = await sqlWebPageCache(db).describe([...new Set(keys)]);
  const named = (source: ReportSource): ReportSource => {
    const key = source.index[0]?.db_id;
    const page = source.sourceType === WEB_COLLECTION && key !== undefined ? pages.get(key) : undefined;
    if (page === undefined) return source;
    return {
      ...source,
      source: page.url,
      link: { name: page.title.trim() === '' ? page.url : page.title },
      origin: { kind: 'web', title: page.title, url: page.url, fetched_at: page.fetchedAt.toISOString() },
    };
  };
  return {
    ...report,
    sources: report.sources.map(named),
    quSources: report.quSources.map(named),
    reSources: report.reSources.map(named),
  };
}
