import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AI_EN, FRENCH, HUMAN_EN, HUMAN_ES } from '../src/examples.test-data.ts';

const root = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'ai-score-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run --silent ai:score', () => {
  it('writes one line per input, in order, with the acceptance fields, and nothing on stdout', () => {
    const input = join(work, 'in.jsonl');
    const output = join(work, 'out.jsonl');
    const lines = [
      { id: 'ai-en', text: AI_EN, label: 'ai' },
      { id: 7, text: HUMAN_EN },
      { id: 'es', text: HUMAN_ES },
      { id: 'fr', text: FRENCH + ' ' + FRENCH },
      { id: 'fr-forced', text: FRENCH + ' ' + FRENCH, force_language: 'es' },
      { id: 'short', text: 'Too short to judge.' },
      { id: 'no-text' },
    ];
    writeFileSync(input, lines.map((l) => JSON.stringify(l)).join('\n') + '\n{not json\n\n');
    const stdout = execFileSync('npm', ['run', '--silent', 'ai:score', '--', '--in', input, '--out', output], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(stdout).toBe('');
    const out = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(8);
    expect(out.map((o) => o.id)).toEqual(['ai-en', 7, 'es', 'fr', 'fr-forced', 'short', 'no-text', null]);
    for (const o of out) {
      expect(Object.keys(o).sort()).toEqual([
        'flagged',
        'id',
        'lang',
        'likely_percent',
        'score',
        'status',
        'strong_percent',
        'verdict',
      ]);
    }
    expect(out.map((o) => o.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'unsupported_language',
      'ok',
      'too_short',
      'invalid_input',
      'invalid_input',
    ]);
    expect(out[0]!.flagged).toBe(true);
    expect(out[0]!.score as number).toBeGreaterThan(out[1]!.score as number);
    expect(out[2]!.lang).toBe('es');
    expect(out[3]!.score).toBeNull();
    expect(out[4]!.lang).toBe('es');
  });

  it('fails with a usage message when --in or --out is missing', () => {
    let error: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, ['packages/ai/cli/score.ts', '--in', 'x.jsonl'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      error = e as { status: number; stderr: string };
    }
    expect(error?.status).toBe(2);
    expect(error?.stderr).toContain('usage');
  });
});
