import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG_LEVEL, VERDICTS, detectAi } from './detect.ts';

/*
 * Regression guard (issue 15, point 5): well-known public-domain texts, written by people long before language
 * models, must never be read as AI-written. The band people read (contracts' aiVerdictReading) is 'ai' only at
 * "likely AI" or above, so each text's verdict must stay below that level: human-written, likely human or
 * potentially AI (the uncertain band). The texts and where each comes from: test/public-domain/index.json.
 */

const FOLDER = new URL('../test/public-domain/', import.meta.url);

interface PublicDomainText {
  readonly file: string;
  readonly title: string;
  readonly author: string;
  readonly year: number;
  readonly language: 'en' | 'es';
  readonly publicDomain: string;
  readonly source: string;
}

const index = JSON.parse(readFileSync(new URL('index.json', FOLDER), 'utf8')) as { texts: PublicDomainText[] };
const texts = index.texts;

describe('the public-domain regression set', () => {
  it('lists at least 15 texts in each language and 30 in all, each once, with where it comes from', () => {
    const count = (language: string): number => texts.filter((t) => t.language === language).length;
    expect(count('en')).toBeGreaterThanOrEqual(15);
    expect(count('es')).toBeGreaterThanOrEqual(15);
    expect(texts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(texts.map((t) => t.file)).size).toBe(texts.length);
    for (const t of texts) {
      expect(['en', 'es'], t.file).toContain(t.language);
      expect(t.title && t.author && t.publicDomain && t.source, t.file).toBeTruthy();
      expect(t.year, t.file).toBeLessThan(2000);
    }
  });

  it('has a text file for every listed text and lists every text file', () => {
    const files = readdirSync(FOLDER).filter((name) => name.endsWith('.txt'));
    expect(files.sort()).toEqual(texts.map((t) => t.file).sort());
  });
});

describe('public-domain texts are never read as AI-written', () => {
  it.each(texts.map((t) => [t.file, t] as const))('%s', (file, t) => {
    const text = readFileSync(new URL(file, FOLDER), 'utf8');
    const r = detectAi(text);
    const what = `${file}: verdict ${String(r.verdict)}, score ${String(r.score)}`;
    expect(r.status, what).toBe('ok');
    expect(r.lang, what).toBe(t.language);
    expect(r.words, what).toBeGreaterThanOrEqual(250);
    expect(r.words, what).toBeLessThanOrEqual(1500);
    expect(r.verdict, what).toBe(VERDICTS[r.level ?? -1]);
    expect(r.level ?? FLAG_LEVEL, what).toBeLessThan(FLAG_LEVEL);
    expect(r.flagged, what).toBe(false);
  });
});
