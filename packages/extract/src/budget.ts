import { ExtractError } from './errors.ts';

/*
 * The text bound of one extraction (a worker parses one file): once the text read so far has more
 * symbols (letters and digits, as @veritext/text counts them) than the bound, reading stops with
 * ExtractError('too-long'), so a huge file costs only the work up to the bound.
 */

const SYMBOL = /[\p{L}\p{Nd}]/gu;

let limit = Number.POSITIVE_INFINITY;
let seen = 0;

/** The symbols (letters and digits) of a text: the same count as countSymbols of @veritext/text. */
export function symbolCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(SYMBOL)) count++;
  return count;
}

/** Starts a new extraction's budget: at most `maxSymbols` symbols (none: no bound). */
export function startSymbolBudget(maxSymbols: number | undefined): void {
  limit = maxSymbols ?? Number.POSITIVE_INFINITY;
  seen = 0;
}

/** Forgets what was counted (the same bytes are read again another way). */
export function restartSymbolCount(): void {
  seen = 0;
}

/** Whether a bound is set. */
export function hasSymbolBudget(): boolean {
  return Number.isFinite(limit);
}

/** The bound of the current extraction (Infinity: none). */
export function symbolLimit(): number {
  return limit;
}

/** Counts a piece of the text being built against the bound; throws ExtractError('too-long') past it. */
export function chargeSymbols(text: string): void {
  if (!Number.isFinite(limit)) return;
  seen += symbolCount(text);
  if (seen > limit) throw new ExtractError('too-long', `more than ${String(limit)} symbols`);
}
