import { identifyLanguage } from '@veritext/ai';
import { TEXT_STATE, type GrammarFinding, type GrammarResult } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { mayReadCheck, type Caller } from '../groups/group-access.ts';
import { findTextCheck, type TextCheckRecord } from '../text-checks/text-checks.repository.ts';
import { checkGrammar, GRAMMAR_LANGUAGES, type GrammarLanguage } from './engine/engine.ts';

/*
 * The grammar check of a document (issue 18; commerce-and-cabinet.md §4 "Grammar check: not activated, not
 * checked, activated"; §6 "Grammar checker is activated per institution"; §8 "grammar checker not activated").
 *
 * - not_activated: the document was not checked in an organisation, or its organisation has not switched the
 *   grammar checker on (groups.grammar_checker_enabled, set by the owner on /profile/organisation/).
 * - not_checked: activated, and no result stored for the document yet (its report not ready, or not run yet).
 * - checked: the findings stored (grammar_checks, migration 0030), with the text their offsets point into.
 *
 * Running it (POST) is free: no pages are spent. Who reads or runs it: whoever may read the document
 * (groups/group-access.ts mayReadCheck); anyone else 404.
 */

type StoredGrammar = { language: GrammarLanguage | null; findings: GrammarFinding[]; checked_at: Date };

async function readableCheck(db: Queryable, caller: Caller, id: number): Promise<TextCheckRecord> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findTextCheck(db, id);
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  return check;
}

async function isActivated(db: Queryable, check: TextCheckRecord): Promise<boolean> {
  if (check.group_id === null) return false;
  const { rows } = await db.query<{ grammar_checker_enabled: boolean }>(
    'SELECT grammar_checker_enabled FROM groups WHERE id = $1',
    [check.group_id],
  );
  return rows[0]?.grammar_checker_enabled === true;
}

async function findStored(db: Queryable, textId: number): Promise<StoredGrammar | null> {
  const { rows } = await db.query<StoredGrammar>(
    'SELECT language, findings, checked_at FROM grammar_checks WHERE text_id = $1',
    [textId],
  );
  return rows[0] ?? null;
}

function checked(check: TextCheckRecord, stored: StoredGrammar): GrammarResult {
  return {
    state: 'checked',
    language: stored.language,
    checked_at: stored.checked_at.toISOString(),
    text: check.content,
    findings: stored.findings,
  };
}

/** The text's language for the grammar checker: English or Spanish, else null (nothing is checked). */
export function grammarLanguageOf(text: string): GrammarLanguage | null {
  const { lang } = identifyLanguage(text);
  return lang !== null && (GRAMMAR_LANGUAGES as readonly string[]).includes(lang) ? lang : null;
}

/** GET: the document's grammar state. */
export async function readGrammar(db: Queryable, caller: Caller, id: number): Promise<GrammarResult> {
  const check = await readableCheck(db, caller, id);
  if (!(await isActivated(db, check))) return { state: 'not_activated' };
  const stored = await findStored(db, check.id);
  return stored === null ? { state: 'not_checked' } : checked(check, stored);
}

/**
 * POST: checks the document's text (again) and stores the findings. Not activated: grammar_not_activated; a
 * document whose report is not ready yet: report_not_ready.
 */
export async function runGrammar(db: Queryable, caller: Caller, id: number): Promise<GrammarResult> {
  const check = await readableCheck(db, caller, id);
  if (!(await isActivated(db, check))) throw new AppError('grammar_not_activated');
  if (check.state !== TEXT_STATE.ready) throw new AppError('report_not_ready');
  const language = grammarLanguageOf(check.content);
  const findings = language === null ? [] : await checkGrammar(check.content, language);
  const { rows } = await db.query<StoredGrammar>(
    `INSERT INTO grammar_checks (text_id, language, findings) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (text_id) DO UPDATE SET language = EXCLUDED.language, findings = EXCLUDED.findings,
       checked_at = now()
     RETURNING language, findings, checked_at`,
    [check.id, language, JSON.stringify(findings)],
  );
  const stored = rows[0];
  if (stored === undefined) throw new AppError('internal');
  return checked(check, stored);
}
