import {
  AI_CHECK_STATUS,
  AI_MIN_CHARACTERS,
  TIMINGS,
  aiTextShares,
  aiVerdictBand,
  type AiCheckResult,
  type AiVerdictBand,
} from '@veritext/contracts';
import { countSymbols } from '@veritext/text';
import { formatPercent as formatPercentSign, formatPercentNumber } from '../i18n/format.ts';

export { AI_MIN_CHARACTERS };

/** Characters that count towards the 250 minimum: letters and digits, counted as the server counts them. */
export function countSignificantCharacters(text: string): number {
  return countSymbols(text).symbols;
}

export function isLongEnough(text: string): boolean {
  return countSignificantCharacters(text) >= AI_MIN_CHARACTERS;
}

/** Why a check ended without a result (check-tool.md §4, §8). */
export type AiFailure = 'failed' | 'tooShort' | 'tooLong' | 'language' | 'timeout';

export type AiPollState = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; reason: AiFailure };

/**
 * Where a polled check stands: null, 1 and 2 are in progress; 3, 5-9 are failures or "not checked";
 * anything else is done. Still in progress after the last allowed poll is a timeout.
 */
export function aiPollState(status: number | null, polls: number): AiPollState {
  switch (status) {
    case null:
    case AI_CHECK_STATUS.queued:
    case AI_CHECK_STATUS.processing:
      return polls >= TIMINGS.pollMaxAttempts ? { kind: 'failed', reason: 'timeout' } : { kind: 'pending' };
    case AI_CHECK_STATUS.failed:
      return { kind: 'failed', reason: 'failed' };
    case AI_CHECK_STATUS.too_short:
    case 6:
    case 7:
      return { kind: 'failed', reason: 'tooShort' };
    case AI_CHECK_STATUS.too_long:
      return { kind: 'failed', reason: 'tooLong' };
    case AI_CHECK_STATUS.unsupported_language:
      return { kind: 'failed', reason: 'language' };
    default:
      return { kind: 'done' };
  }
}

/** TanStack Query's refetchInterval: every 5 s while in progress and polls remain, then stop. */
export function aiRefetchInterval(status: number | null | undefined, polls: number): number | false {
  if (status === undefined) return false;
  return aiPollState(status, polls).kind === 'pending' ? TIMINGS.pollIntervalMs : false;
}

/** The i18n keys of a failure's title and body (§8). */
export function failureKeys(reason: AiFailure): { title: string; body: string | null } {
  switch (reason) {
    case 'failed':
      return { title: 'ai.failure.failed', body: null };
    case 'tooShort':
      return { title: 'ai.failure.tooShortTitle', body: 'ai.minimum' };
    case 'tooLong':
      return { title: 'ai.failure.notCheckedTitle', body: 'ai.failure.tooLong' };
    case 'language':
      return { title: 'ai.failure.notCheckedTitle', body: 'ai.failure.language' };
    case 'timeout':
      return { title: 'ai.failure.timeout', body: null };
  }
}

/** The detector's six verdicts, from least to most AI-like, and their i18n keys. */
export const VERDICT_KEYS = {
  'human-written': 'ai.verdict.human',
  'likely human': 'ai.verdict.likelyHuman',
  'potentially AI': 'ai.verdict.potentiallyAi',
  'likely AI': 'ai.verdict.likelyAi',
  'highly likely AI': 'ai.verdict.highlyLikelyAi',
  'most likely AI': 'ai.verdict.mostLikelyAi',
} as const;

export function verdictKey(verdict: string | null): string | null {
  if (verdict === null) return null;
  return Object.hasOwn(VERDICT_KEYS, verdict) ? VERDICT_KEYS[verdict as keyof typeof VERDICT_KEYS] : null;
}

/** The number of a percentage with 2 decimals (§9), without the sign; i18n/format.ts formats it. */
export function formatPercent(value: number, language: string): string {
  return formatPercentNumber(value, language);
}

export { aiTextShares, aiVerdictBand, type AiVerdictBand };

/** The verdict people read at a glance, one per band, and the short name of each part of the bar. */
export const BAND_KEYS = {
  human: { headline: 'ai.result.band.human', part: 'ai.result.part.human' },
  mixed: { headline: 'ai.result.band.mixed', part: 'ai.result.part.mixed' },
  ai: { headline: 'ai.result.band.ai', part: 'ai.result.part.ai' },
} as const satisfies Record<AiVerdictBand, { headline: string; part: string }>;

export const BANDS: readonly AiVerdictBand[] = ['human', 'mixed', 'ai'];

/** The bar's parts: each band's share of the text, formatted ("34.21 %" / "34,21 %"). */
export function barParts(
  result: Pick<AiCheckResult, 'likely_percent' | 'strong_percent'>,
  language: string,
): { band: AiVerdictBand; share: number; label: string }[] {
  const shares = aiTextShares(result);
  return BANDS.map((band) => ({ band, share: shares[band], label: formatPercentSign(shares[band], language) }));
}

export type Segment = { text: string; reliability: 0 | 1 | 2 };

/**
 * The content cut into runs by chunk reliability. Chunks may leave gaps or overlap; gaps are plain text
 * and each character takes the first chunk that covers it.
 */
export function highlightSegments(content: string, chunks: AiCheckResult['chunks']): Segment[] {
  const sorted = [...chunks].sort((a, b) => a.position[0] - b.position[0]);
  const out: Segment[] = [];
  let at = 0;
  const push = (end: number, reliability: 0 | 1 | 2) => {
    if (end <= at) return;
    const text = content.slice(at, end);
    const last = out.at(-1);
    if (last !== undefined && last.reliability === reliability) last.text += text;
    else out.push({ text, reliability });
    at = end;
  };
  for (const chunk of sorted) {
    const start = Math.max(0, Math.min(chunk.position[0], content.length));
    const end = Math.max(0, Math.min(chunk.position[1], content.length));
    push(start, 0);
    push(end, chunk.reliability);
  }
  push(content.length, 0);
  return out;
}
