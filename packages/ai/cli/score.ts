/**
 * npm run --silent ai:score -- --in TEXTS.jsonl --out SCORES.jsonl
 *
 * Reads lines {id, text, ...} (an optional force_language of 'en' or 'es' is honoured, as the API
 * does) and writes one line per input, in order:
 *   {id, score, flagged, status, lang, likely_percent, strong_percent, verdict}
 * score: 0..1, higher = more likely AI (null when not checked); flagged: the headline says the
 * text is AI-written; status: "ok", "too_short", "too_long", "unsupported_language", or
 * "invalid_input" for a line that is not a JSON object with a string text. Streams, so tens of
 * thousands of lines run in one process; nothing but errors is written to stderr, nothing to stdout.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { detectAi } from '../src/detect.ts';

export interface ScoreLine {
  readonly id: unknown;
  readonly score: number | null;
  readonly flagged: boolean;
  readonly status: string;
  readonly lang: string | null;
  readonly likely_percent: number;
  readonly strong_percent: number;
  readonly verdict: string | null;
}

export function scoreLine(line: string): ScoreLine {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    input = null;
  }
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : null;
  const id = record?.id ?? null;
  if (record === null || typeof record.text !== 'string') {
    return {
      id,
      score: null,
      flagged: false,
      status: 'invalid_input',
      lang: null,
      likely_percent: 0,
      strong_percent: 0,
      verdict: null,
    };
  }
  const force = record.force_language === 'en' || record.force_language === 'es' ? record.force_language : null;
  const r = detectAi(record.text, { forceLanguage: force });
  return {
    id,
    score: r.score,
    flagged: r.flagged,
    status: r.status,
    lang: r.lang,
    likely_percent: r.likely_percent,
    strong_percent: r.strong_percent,
    verdict: r.verdict,
  };
}

export async function scoreFile(inPath: string, outPath: string): Promise<number> {
  const lines = createInterface({ input: createReadStream(inPath, 'utf8'), crlfDelay: Infinity });
  const out = createWriteStream(outPath, 'utf8');
  let n = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!out.write(JSON.stringify(scoreLine(line)) + '\n')) await once(out, 'drain');
    n++;
  }
  out.end();
  await once(out, 'finish');
  return n;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { in: { type: 'string' }, out: { type: 'string' } } });
  if (values.in === undefined || values.out === undefined) {
    process.stderr.write('usage: npm run --silent ai:score -- --in TEXTS.jsonl --out SCORES.jsonl\n');
    process.exit(2);
  }
  scoreFile(values.in, values.out).catch((error: unknown) => {
    process.stderr.write(`ai:score: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
