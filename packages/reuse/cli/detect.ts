/**
 * Acceptance CLI: `npm run --silent reuse:detect -- --cases CASES.jsonl --out DETECTIONS.jsonl`.
 * For each case (shared/data/plag format) it indexes the case's own sources in a fresh index, checks the
 * suspicious text against that index with the product's engine, and writes one detections line. Nothing is
 * printed on stdout; a summary goes to stderr.
 *
 * For tuning only: REUSE_TUNE may hold JSON that overrides alignment parameters (AlignParams), e.g.
 * REUSE_TUNE='{"seedCosine":0.3}'. The defaults are the tuned ones; the product never reads it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DEFAULT_ENGINE_PARAMS, type EngineParams } from '../src/engine.ts';
import { caseCharacters, detectCase, type PlagCase } from './cases.ts';

const { values } = parseArgs({ options: { cases: { type: 'string' }, out: { type: 'string' } } });
if (values.cases === undefined || values.out === undefined) {
  process.stderr.write('usage: reuse:detect --cases CASES.jsonl --out DETECTIONS.jsonl\n');
  process.exit(2);
}

const tuning =
  process.env.REUSE_TUNE === undefined ? {} : (JSON.parse(process.env.REUSE_TUNE) as Partial<EngineParams['align']>);
const params: EngineParams = { ...DEFAULT_ENGINE_PARAMS, align: { ...DEFAULT_ENGINE_PARAMS.align, ...tuning } };
const out = createWriteStream(values.out);
const lines = createInterface({ input: createReadStream(values.cases, 'utf8'), crlfDelay: Infinity });
let cases = 0;
let characters = 0;
const began = performance.now();
for await (const line of lines) {
  if (line.trim() === '') continue;
  const c = JSON.parse(line) as PlagCase;
  const record = await detectCase(c, params);
  if (!out.write(JSON.stringify(record) + '\n')) await once(out, 'drain');
  characters += caseCharacters(c);
  cases++;
}
out.end();
await once(out, 'finish');
const seconds = (performance.now() - began) / 1000;
process.stderr.write(
  `reuse:detect: ${cases} cases in ${seconds.toFixed(1)} s (${(cases / seconds).toFixed(1)} cases/s, ${Math.round(characters / seconds)} chars/s)\n`,
);
