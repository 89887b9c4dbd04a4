import { chargeSymbols } from './budget.ts';
import type { HiddenSpan } from './types.ts';

/** Collects text pieces and the spans of them that render invisibly. */
export class TextBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  readonly hidden: HiddenSpan[] = [];
  /** Refuse to build more than this many UTF-16 units (a guard against pathological inputs). */
  private readonly maxLength: number;

  constructor(maxLength = 50_000_000) {
    this.maxLength = maxLength;
  }

  append(text: string, reason?: HiddenSpan['reason']): void {
    if (text === '') return;
    const start = this.length;
    this.parts.push(text);
    this.length += text.length;
    if (this.length > this.maxLength) throw new RangeError('text too long');
    chargeSymbols(text);
    if (reason === undefined) return;
    const last = this.hidden.at(-1);
    if (last?.end === start && last.reason === reason) last.end = this.length;
    else this.hidden.push({ start, end: this.length, reason });
  }

  /** Appends a newline unless the text is empty or already ends with one. */
  newline(): void {
    if (this.length > 0 && this.parts.at(-1)?.endsWith('\n') !== true) this.append('\n');
  }

  toString(): string {
    return this.parts.join('');
  }
}
