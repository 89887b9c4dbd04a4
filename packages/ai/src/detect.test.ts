import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AI_STATUS_CODE,
  FLAG_LEVEL,
  MAX_WORDS,
  MIN_CHARACTERS,
  VERDICTS,
  detectAi,
  significantCharacters,
  type AiDetection,
} from './detect.ts';
import { DEFAULT_MODEL_PATH, defaultModel } from './model.ts';
import { AI_EN, AI_ES, FRENCH, HUMAN_EN, HUMAN_ES } from './examples.test-data.ts';

function expectTiling(text: string, r: AiDetection): void {
  expect(r.chunks.length).toBeGreaterThan(0);
  expect(r.chunks[0]!.position[0]).toBe(0);
  expect(r.chunks[r.chunks.length - 1]!.position[1]).toBe(text.length);
  for (let i = 1; i < r.chunks.length; i++) expect(r.chunks[i]!.position[0]).toBe(r.chunks[i - 1]!.position[1]);
  for (const c of r.chunks) expect(c.position[1]).toBeGreaterThan(c.position[0]);
}

describe('detectAi on known examples', () => {
  it('scores assistant-style English well above personal English prose, and does not flag the human text', () => {
    const ai = detectAi(AI_EN);
    const human = detectAi(HUMAN_EN);
    expect(ai.status).toBe('ok');
    expect(ai.lang).toBe('en');
    expect(human.lang).toBe('en');
    expect(ai.score!).toBeGreaterThan(human.score! + 0.3);
    expect(ai.level!).toBeGreaterThanOrEqual(FLAG_LEVEL);
    expect(ai.flagged).toBe(true);
    expect(ai.verdict).toBe(VERDICTS[ai.level!]);
    expect(human.flagged).toBe(false);
    expect(human.level!).toBeLessThan(FLAG_LEVEL);
  });

  it('ranks assistant-style Spanish above personal Spanish prose, accents and all, but does not flag it', () => {
    const ai = detectAi(AI_ES);
    const human = detectAi(HUMAN_ES);
    expect(ai.lang).toBe('es');
    expect(human.lang).toBe('es');
    expect(ai.level!).toBeGreaterThan(human.level!);
    // far below the flag line the scores are tiny, and still in order (the acceptance run's AUROC reads them)
    expect(human.score!).toBeGreaterThan(0);
    expect(ai.score!).toBeGreaterThan(human.score!);
    // model 1.1.0: the Spanish flag's genre margin, measured by leaving each source out (MODEL_CARD.md), is out of
    // reach of text like this: it reads "potentially AI" (not enough evidence to tell), never an accusation
    expect(VERDICTS[ai.level!]).toBe('potentially AI');
    expect(ai.flagged).toBe(false);
    expect(human.flagged).toBe(false);
    expect(human.level!).toBeLessThan(FLAG_LEVEL - 1);
  });

  it('reads accents written as combining marks like precomposed ones', () => {
    const composed = detectAi(HUMAN_ES);
    const decomposed = detectAi(HUMAN_ES.normalize('NFD'));
    expect(decomposed.status).toBe('ok');
    expect(decomposed.lang).toBe('es');
    expect(Math.abs(decomposed.score! - composed.score!)).toBeLessThan(0.05);
    expectTiling(HUMAN_ES.normalize('NFD'), decomposed);
  });

  it('gives the same result for the same text, whatever ran before', () => {
    const first = detectAi(AI_EN);
    detectAi(HUMAN_ES);
    detectAi(HUMAN_EN + '\n\n' + AI_EN);
    expect(detectAi(AI_EN)).toEqual(first);
  });

  it('marks chunks of a flagged text, with percentages that add up', () => {
    const text = [AI_EN, AI_EN.replace('education', 'healthcare'), AI_EN.replace('students', 'patients')].join('\n\n');
    const r = detectAi(text);
    expectTiling(text, r);
    expect(r.chunks.length).toBeGreaterThan(1);
    expect(r.processed_percent).toBe(100);
    expect(r.likely_percent + r.strong_percent).toBeGreaterThan(50);
    expect(r.likely_percent + r.strong_percent).toBeLessThanOrEqual(100);
    for (const c of r.chunks) expect([0, 1, 2]).toContain(c.reliability);
  });

  it('never marks a chunk above "likely" when the headline does not flag the text', () => {
    const text = [HUMAN_EN, HUMAN_EN.replace('brother', 'sister'), HUMAN_EN.replace('lake', 'coast')].join('\n\n');
    const r = detectAi(text);
    expect(r.flagged).toBe(false);
    expectTiling(text, r);
    expect(r.strong_percent).toBe(0);
  });
});

describe('detectAi statuses', () => {
  it('refuses texts under 250 letters and digits (spaces and special characters not counted) with too_short', () => {
    const base = 'abcde '.repeat(49) + 'abcd'; // 249 letters
    expect(significantCharacters(base)).toBe(MIN_CHARACTERS - 1);
    const padded = base + ' !!! ... ,,, ---   ' + '\n'.repeat(20);
    expect(detectAi(padded).status).toBe('too_short');
    expect(AI_STATUS_CODE.too_short).toBe(5);
    expect(detectAi(AI_EN.slice(0, 200)).status).toBe('too_short');
  });

  it('refuses texts over 26,675 words with too_long, and takes exactly 26,675', () => {
    const words = AI_EN.split(/\s+/);
    const make = (n: number): string => Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ');
    const over = detectAi(make(MAX_WORDS + 1));
    expect(over.status).toBe('too_long');
    expect(AI_STATUS_CODE.too_long).toBe(8);
    expect(over.score).toBeNull();
    expect(detectAi(make(MAX_WORDS)).status).toBe('ok');
  });

  it('refuses other languages with unsupported_language unless a language is forced', () => {
    const r = detectAi(FRENCH + ' ' + FRENCH);
    expect(r.status).toBe('unsupported_language');
    expect(AI_STATUS_CODE.unsupported_language).toBe(9);
    expect(r.lang).toBeNull();
    expect(r.detectedLanguage).toBe('fr');
    const forced = detectAi(FRENCH + ' ' + FRENCH, { forceLanguage: 'es' });
    expect(forced.status).toBe('ok');
    expect(forced.lang).toBe('es');
    expect(forced.score).toBeGreaterThanOrEqual(0);
  });

  it('counts markup as nothing: a short text wrapped in tags is still too short', () => {
    const text = `<div class="article-content main-column"><p>${'word '.repeat(15)}</p></div>`.repeat(3);
    expect(significantCharacters(text)).toBeGreaterThanOrEqual(MIN_CHARACTERS); // counting the tags' letters
    expect(detectAi(text).status).toBe('too_short');
  });
});

describe('detectAi on markup and odd whitespace', () => {
  it('scores a text in HTML, with CRLF, tabs and no-break spaces, like the clean text, with offsets in the original', () => {
    const paragraphs = AI_EN.split('. ');
    const html = `<html><body>\r\n<h1>Essay</h1>\r\n${paragraphs.map((p) => `<p>\t${p.replace(/ /g, (m, i: number) => (i % 7 === 0 ? '\u00a0' : m))}.</p>`).join('\r\n')}\r\n</body></html>`;
    const clean = detectAi(AI_EN);
    const r = detectAi(html);
    expect(r.status).toBe('ok');
    expect(Math.abs(r.score! - clean.score!)).toBeLessThan(0.1);
    expectTiling(html, r);
  });

  it('sees through look-alike letters and invisible characters', () => {
    const disguised = AI_EN.replace(/a/g, 'а').replace(/e/g, 'e\u200b'); // Cyrillic а, zero-width spaces
    const r = detectAi(disguised);
    expect(r.status).toBe('ok');
    expect(r.lang).toBe('en');
    expect(Math.abs(r.score! - detectAi(AI_EN).score!)).toBeLessThan(0.05);
    expectTiling(disguised, r);
  });
});

describe('the model file', () => {
  it('is loaded once per process, versioned, and within 50 MB', () => {
    expect(defaultModel()).toBe(defaultModel());
    expect(defaultModel().version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(statSync(DEFAULT_MODEL_PATH).size).toBeLessThan(50 * 1024 * 1024);
  });
});
