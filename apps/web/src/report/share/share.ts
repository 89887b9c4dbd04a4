import { REPORT_SHARE_DAYS, type ReportShareDays } from '@veritext/contracts';
import { dateLocaleOf } from '../../i18n/format.ts';
import { aiPartOutcome } from '../polling.ts';
import type { AiLoad } from '../reportLoad.ts';

/** The react-query key of a report's working links. */
export function sharesQueryKey(checkId: number): readonly unknown[] {
  return ['report-shares', checkId];
}

/** The validity the dialog offers first. */
export const DEFAULT_SHARE_DAYS: ReportShareDays = 7;
export const SHARE_DAYS_OPTIONS: readonly ReportShareDays[] = REPORT_SHARE_DAYS;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the recipient's address as typed (the server checks it again). */
export function shareEmailProblem(email: string): 'required' | 'invalid' | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) return 'invalid';
  return null;
}

/** "3 Dec 2026, 16:40": when a link stops working, in the reader's language and time zone. */
export function formatShareDate(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocaleOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(iso));
}

/**
 * The AI part of a shared report, as a snapshot: done or failed as the check left it; no AI check, or one still
 * running, is "not checked" (the shared page neither polls nor offers one).
 */
export function sharedAiLoad(status: number | null): AiLoad {
  if (status === null) return { kind: 'notChecked' };
  const outcome = aiPartOutcome(status);
  return outcome.kind === 'pending' ? { kind: 'notChecked' } : outcome;
}
