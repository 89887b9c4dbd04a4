/**
 * `npm run bench:grammar`: the grammar checker (issue 18) on the hand-labelled set of bench/grammar/labelled.ts,
 * per language: precision (findings that fall on a marked mistake / findings; the style rule not counted), recall
 * (marked mistakes with a finding on them / marked mistakes), false alarms on correct sentences; and speed: the
 * first call (the dictionary read and parsed) and a 10-page text (2,750 words) after it, one with the set's
 * sentences and one where every 15th word is misspelt (letters swapped: many distinct words to suggest for).
 * Writes bench/grammar/results.json.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  checkGrammar,
  type GrammarFinding,
  type GrammarLanguage,
} from '../../apps/server/src/modules/grammar/engine/engine.ts';
import { ENGLISH, parseLabelled, SPANISH } from './labelled.ts';

const PAGE_WORDS = 275;
const PAGES = 10;

type LanguageResult = {
  sentences: number;
  sentences_with_mistakes: number;
  correct_sentences: number;
  mistakes: number;
  findings_scored: number;
  true_positives: number;
  false_positives: number;
  precision: number;
  mistakes_found: number;
  recall: number;
  false_alarms_on_correct_sentences: number;
  style_findings_not_scored: number;
  by_rule: Record<string, { findings: number; true_positives: number }>;
  false_positive_examples: string[];
  missed_examples: string[];
  first_call_ms: number;
  ten_pages_ms: number;
  ten_pages_misspelt_ms: number;
};

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && a.end > b.start;

function tenPages(sentences: readonly string[], misspell: boolean): string {
  const plain = sentences.map((sentence) => parseLabelled(sentence).text);
  const words: string[] = [];
  let round = 0;
  while (words.length < PAGE_WORDS * PAGES) {
    for (const sentence of plain) words.push(...sentence.split(' '));
    round++;
  }
  return words
    .slice(0, PAGE_WORDS * PAGES)
    .map((word, index) => {
      if (!misspell || index % 15 !== 7 || !/^\p{Ll}{5,}$/u.test(word)) return word;
      // swap two letters, a different pair each time round the text
      const at = 1 + ((index + round) % (word.length - 2));
      return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
    })
    .join(' ');
}

async function measure(language: GrammarLanguage, sentences: readonly string[]): Promise<LanguageResult> {
  let started = performance.now();
  await checkGrammar('Warm up.', language);
  const firstCall = performance.now() - started;

  const result: LanguageResult = {
    sentences: sentences.length,
    sentences_with_mistakes: 0,
    correct_sentences: 0,
    mistakes: 0,
    findings_scored: 0,
    true_positives: 0,
    false_positives: 0,
    precision: 0,
    mistakes_found: 0,
    recall: 0,
    false_alarms_on_correct_sentences: 0,
    style_findings_not_scored: 0,
    by_rule: {},
    false_positive_examples: [],
    missed_examples: [],
    first_call_ms: Math.round(firstCall),
    ten_pages_ms: 0,
    ten_pages_misspelt_ms: 0,
  };
  for (const marked of sentences) {
    const { text, mistakes } = parseLabelled(marked);
    const findings: GrammarFinding[] = await checkGrammar(text, language);
    if (mistakes.length === 0) result.correct_sentences++;
    else result.sentences_with_mistakes++;
    result.mistakes += mistakes.length;
    for (const finding of findings) {
      if (finding.kind === 'style') {
        result.style_findings_not_scored++;
        continue;
      }
      const rule = (result.by_rule[finding.rule] ??= { findings: 0, true_positives: 0 });
      rule.findings++;
      result.findings_scored++;
      if (mistakes.some((mistake) => overlaps(mistake, finding))) {
        result.true_positives++;
        rule.true_positives++;
      } else {
        result.false_positives++;
        if (mistakes.length === 0) result.false_alarms_on_correct_sentences++;
        result.false_positive_examples.push(`${finding.rule} “${text.slice(finding.start, finding.end)}” in: ${text}`);
      }
    }
    for (const mistake of mistakes) {
      if (findings.some((finding) => finding.kind !== 'style' && overlaps(mistake, finding))) result.mistakes_found++;
      else result.missed_examples.push(`${mistake.wrong} → ${mistake.right} in: ${text}`);
    }
  }
  result.precision = round3(result.true_positives / Math.max(1, result.findings_scored));
  result.recall = round3(result.mistakes_found / Math.max(1, result.mistakes));

  const pages = tenPages(sentences, false);
  started = performance.now();
  await checkGrammar(pages, language);
  result.ten_pages_ms = Math.round(performance.now() - started);
  const misspelt = tenPages(sentences, true);
  started = performance.now();
  await checkGrammar(misspelt, language);
  result.ten_pages_misspelt_ms = Math.round(performance.now() - started);
  return result;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const results = {
  generated_at: new Date().toISOString(),
  node: process.version,
  note:
    'Hand-labelled set written for this bench (bench/grammar/labelled.ts). Precision: scored findings (style not ' +
    'scored) on a marked mistake; recall: marked mistakes with a finding. The set includes mistakes the checker ' +
    'has no rule for (homophones, agreement), on purpose.',
  en: await measure('en', ENGLISH),
  es: await measure('es', SPANISH),
};
writeFileSync(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
for (const language of ['en', 'es'] as const) {
  const r = results[language];
  console.log(
    `${language}: ${String(r.sentences)} sentences (${String(r.mistakes)} mistakes, ${String(r.correct_sentences)} correct); ` +
      `precision ${String(r.precision)} (${String(r.true_positives)}/${String(r.findings_scored)}), recall ${String(r.recall)} ` +
      `(${String(r.mistakes_found)}/${String(r.mistakes)}), false alarms on correct sentences ${String(r.false_alarms_on_correct_sentences)}; ` +
      `first call ${String(r.first_call_ms)} ms, 10 pages ${String(r.ten_pages_ms)} ms, 10 pages misspelt ${String(r.ten_pages_misspelt_ms)} ms`,
  );
}
