import {
  AI_CHECK_STATUS,
  AI_MIN_CHARACTERS,
  TIMINGS,
  aiTextShares,
  aiVerdictBand,
  aiVerdictReading,
  type AiAssessment,
  type AiCheckResult,
  type AiSharePart,
  type AiVerdictBand,
} from '@veritext/contracts';
import type { TFunction } from 'i18next';
import { countSymbols } from '@veritext/text';
import { formatCount, formatPercent as formatPercentSign, formatPercentNumber } from '../i18n/format.ts';

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

/** The verdict people read at a glance, one per band (contracts aiVerdictReading). */
export const BAND_KEYS = {
  human: 'ai.result.band.human',
  uncertain: 'ai.result.band.uncertain',
  ai: 'ai.result.band.ai',
} as const satisfies Record<AiVerdictBand, string>;

/** The short name of each part of the probability bar: what the chunk marks say of the text's characters. */
export const PART_KEYS = {
  human: 'ai.result.part.human',
  mixed: 'ai.result.part.mixed',
  ai: 'ai.result.part.ai',
} as const satisfies Record<AiSharePart, string>;

export const SHARE_PARTS: readonly AiSharePart[] = ['human', 'mixed', 'ai'];

/**
 * The verdict as people read it: the server's assessment, or (from a server that sends none) the reading of the
 * verdict alone, without the human texts' share. Null when there is no verdict.
 */
export function verdictAssessment(result: {
  verdict: string | null;
  lang?: string | null;
  assessment?: AiAssessment | null | undefined;
}): AiAssessment | null {
  if (result.assessment != null) return result.assessment;
  const reading = aiVerdictReading({ verdict: result.verdict });
  if (reading === null) return null;
  const lang = result.lang === 'en' || result.lang === 'es' ? result.lang : null;
  return { ...reading, lang, human_share: null, human_texts: null };
}

/** The i18n key of what the verdict means: per band, and for the uncertain band per reason. */
export function meaningKey(assessment: Pick<AiAssessment, 'band' | 'reason'>): string {
  return assessment.band === 'uncertain'
    ? `ai.result.meaning.${assessment.reason ?? 'overlap'}`
    : `ai.result.meaning.${assessment.band}`;
}

/**
 * How often human-written texts of the check's language got this band in the detector's tests, as a key and its
 * values ("In our tests, 24.99 % of the 3,646 English texts written by people got this result."); null when the
 * server did not measure it.
 */
export function humanRate(
  assessment: Pick<AiAssessment, 'lang' | 'human_share' | 'human_texts'>,
  language: string,
): { key: string; values: { percent: string; total: string } } | null {
  const { lang, human_share: share, human_texts: texts } = assessment;
  if (lang === null || share === null || texts === null || texts === 0) return null;
  return {
    key: share === 0 ? `ai.result.humanRateNone.${lang}` : `ai.result.humanRate.${lang}`,
    values: { percent: formatPercentSign(share, language), total: formatCount(texts, language) },
  };
}

/**
 * The verdict in words, one way in the AI result and the report's AI part: the band's headline, the detector's
 * level where it fits the evidence ("Detector level: Likely human"), and what the result means with how often
 * human texts got it. No score and no threshold.
 */
export function verdictWords(
  t: TFunction,
  assessment: AiAssessment | null,
  language: string,
): { band: AiVerdictBand | null; headline: string; level: string | null; meaning: string | null } {
  if (assessment === null) return { band: null, headline: t('ai.result.noVerdict'), level: null, meaning: null };
  const level = verdictKey(assessment.level);
  const rate = humanRate(assessment, language);
  return {
    band: assessment.band,
    headline: t(BAND_KEYS[assessment.band]),
    level: level === null ? null : t('ai.result.level', { level: t(level) }),
    meaning: rate === null ? t(meaningKey(assessment)) : `${t(meaningKey(assessment))} ${t(rate.key, rate.values)}`,
  };
}

/** The bar's parts: each part's share of the text, formatted ("34.21 %" / "34,21 %"). */
export function barParts(
  result: Pick<AiCheckResult, 'likely_percent' | 'strong_percent'>,
  language: string,
): { part: AiSharePart; share: number; label: string }[] {
  const shares = aiTextShares(result);
  return SHARE_PARTS.map((part) => ({ part, share: shares[part], label: formatPercentSign(shares[part], language) }));
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
