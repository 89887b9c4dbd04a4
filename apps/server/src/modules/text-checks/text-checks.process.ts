import type { Logger } from 'pino';
import type { FingerprintStore } from '@veritext/reuse';
import type { Database } from '../../db/database.ts';
import { chargeHold, releaseHold } from '../ledger/ledger.service.ts';
import type { ReuseChecker } from './reuse-checker.ts';
import { reportWithSettings } from './report-settings.service.ts';
import type { ComparedWith } from '@veritext/contracts';
import {
  countIndexedDocuments,
  findStaleTextChecks,
  findTextCheck,
  lockTextCheck,
  referenceCollectionSizes,
  startAttempt,
  storeFailed,
  storeReady,
  type StoredReport,
} from './text-checks.repository.ts';
import { TEXT_STATE } from '@veritext/contracts';
import { detectLanguage } from '@veritext/text';
import { NOT_SEARCHED, searchTheWeb, withWebOrigins, type WebSearch } from '../web-sources/web-search.ts';
import { WEB_COLLECTION } from '../web-sources/web-stage.ts';

/** Passages of fewer words are not reported (a shared phrase is not reuse). */
export const REPORT_MIN_WORDS = 5;

/** The check's own document in the index. */
export function indexKey(checkId: number): string {
  return `check:${String(checkId)}`;
}

/**
 * The title a checked document has as a source in other people's reports: its number and date only
 * (a '#' name is a document of our database, check-tool.md §3); its owner and file name stay private.
 */
export function sourceTitle(checkId: number, checkedAt: Date): string {
  return `#${String(checkId)} Veritext database, checked ${checkedAt.toISOString().slice(0, 10)}`;
}

/** Everyone's checked documents. */
const CHECKED = 'checked';

/**
 * What a check searches: everyone's checked documents, the organisation's own when it keeps them apart,
 * every reference collection; and the same as the report states it (`compared_with`), with the number of
 * documents each held at that moment (the check's own document left out). The internet's line is the web
 * stage's to fill in: until it runs, not searched, no provider.
 */
export async function searchScope(
  db: Database,
  indexCollection: string,
  selfKey: string,
): Promise<{ collections: string[]; comparedWith: ComparedWith }> {
  const references = await referenceCollectionSizes(db);
  const checked = [...new Set([CHECKED, indexCollection])];
  const counts = await countIndexedDocuments(db, checked, selfKey);
  return {
    collections: [...new Set([...checked, ...references.map((ref) => ref.source_collection)])],
    comparedWith: {
      documents: checked.map((collection) => ({
        scope: collection === CHECKED ? ('instance' as const) : ('organisation' as const),
        count: counts.get(collection) ?? 0,
      })),
      collections: references.map((ref) => ({
        name: ref.source_collection,
        title: ref.title.trim() === '' ? ref.source_collection.replace(/^ref:/, '') : ref.title.trim(),
        documents: ref.documents,
      })),
      internet: NOT_SEARCHED,
    },
  };
}

/** Stores the report, and charges the held pages, in one transaction; a check no longer in progress is left alone. */
async function settleReady(
  db: Database,
  checkId: number,
  outcome: { report: StoredReport; inIndex: boolean; language: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const check = await lockTextCheck(tx, checkId);
    if (check?.state !== TEXT_STATE.inProgress) return false;
    await storeReady(tx, checkId, { ...outcome, percent: outcome.report.plagiarism.percents.total });
    for (const hold of check.hold_entry_ids) await chargeHold(tx, hold);
    return true;
  });
}

/**
 * Fails a check in progress (state 4) and releases its pages in one transaction; its document leaves the
 * index. False when it was already settled.
 */
export async function settleFailed(
  db: Database,
  checkId: number,
  error: string,
  store?: Pick<FingerprintStore, 'remove'>,
): Promise<boolean> {
  const settled = await db.transaction(async (tx) => {
    const check = await lockTextCheck(tx, checkId);
    if (check?.state !== TEXT_STATE.inProgress) return false;
    await storeFailed(tx, checkId, error);
    for (const hold of check.hold_entry_ids) await releaseHold(tx, hold);
    return true;
  });
  if (settled && store !== undefined) await store.remove(indexKey(checkId));
  return settled;
}

/**
 * The job: the web stage when a search provider is configured (the pages it finds join the index's `web`
 * collection), then the reuse engine (worker thread) against the checked documents, reference collections and
 * those pages; the document joins the index (unless excluded), then the report is stored and the pages
 * charged. The web stage never fails a check: its outcome is the report's internet line. A thrown
 * error is retried by the queue; on the last attempt the check fails and its pages are released. A check
 * retried after its document joined the index never reports itself (the engine skips its own key), and
 * the ledger settles each hold once, so a retried check charges once.
 */
export async function processTextCheck(
  db: Database,
  engine: { checker: ReuseChecker; store: FingerprintStore; web?: WebSearch | null },
  checkId: number,
  run: { isLastAttempt: boolean; logger: Pick<Logger, 'info' | 'warn'> },
): Promise<void> {
  const check = await findTextCheck(db, checkId);
  if (check === null) {
    run.logger.warn({ checkId }, 'text check not found; nothing to do');
    return;
  }
  if (!(await startAttempt(db, checkId))) {
    run.logger.info({ checkId, state: check.state }, 'text check already settled');
    return;
  }
  const key = indexKey(checkId);
  let report: StoredReport;
  let language: string;
  const started = performance.now();
  try {
    const scope = await searchScope(db, check.index_collection, key);
    let internet = scope.comparedWith.internet;
    const collections = [...scope.collections];
    if (engine.web != null) {
      const stage = await searchTheWeb(
        db,
        engine.web,
        engine.store,
        { text: check.content, language: detectLanguage(check.content) === 'es' ? 'es' : 'en' },
        run.logger,
      );
      internet = stage.outcome;
      if (internet.searched) collections.push(WEB_COLLECTION);
    }
    const result = await engine.checker.check(engine.store, {
      text: check.content,
      collections,
      selfKey: key,
      minWords: REPORT_MIN_WORDS,
    });
    // kept with its basis, and rebuilt under the settings chosen with the check (report-settings.service.ts)
    report = await reportWithSettings(db, checkId, check.content, {
      plagiarism: await withWebOrigins(db, result.plagiarism),
      tricks: result.tricks,
      compared_with: { ...scope.comparedWith, internet },
      basis: result.basis,
    });
    language = result.language;
    if (!check.exclude_from_index) {
      await engine.store.add(
        {
          id: key,
          text: check.content,
          collection: check.index_collection,
          title: sourceTitle(checkId, check.created_at),
          url: null,
          language: result.language,
        },
        result.keys,
      );
    }
  } catch (error) {
    if (run.isLastAttempt) {
      await settleFailed(db, checkId, error instanceof Error ? error.message : String(error), engine.store);
    }
    throw error;
  }
  const settled = await settleReady(db, checkId, { report, inIndex: !check.exclude_from_index, language });
  if (!settled && (await findTextCheck(db, checkId)) === null) {
    // deleted while it ran (its owner deleted the account): its document must not stay in the index
    await engine.store.remove(key);
    run.logger.info({ checkId }, 'text check deleted while it ran; its document left the index');
    return;
  }
  if (settled) {
    run.logger.info(
      {
        checkId,
        percent: report.plagiarism.percents.total,
        sources: report.plagiarism.sources.length,
        ms: Math.round(performance.now() - started),
      },
      'text check ready',
    );
  }
}

/**
 * A job lives at most three attempts of five minutes. A check still in progress an hour after it was
 * made was abandoned (the process of its last attempt died before it could settle it): it fails and its
 * pages are released.
 */
export const ABANDONED_AFTER_MINUTES = 60;

/** Fails the abandoned checks; returns how many it settled. Idempotent. */
export async function failAbandonedTextChecks(
  db: Database,
  store: Pick<FingerprintStore, 'remove'>,
  minutes = ABANDONED_AFTER_MINUTES,
): Promise<number> {
  let failed = 0;
  for (const id of await findStaleTextChecks(db, minutes)) {
    if (await settleFailed(db, id, `abandoned: not finished within ${String(minutes)} minutes`, store)) failed++;
  }
  return failed;
}
