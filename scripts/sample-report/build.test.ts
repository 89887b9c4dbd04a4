import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSampleReport } from './build.ts';
import { sampleReportPath } from './paths.ts';
import { SAMPLE_INPUTS } from './texts.ts';

describe('the home page sample report', () => {
  it.each(SAMPLE_INPUTS.map((input) => [input.language, input] as const))(
    'is what the reuse engine reports for the sample text (%s); run `npm run sample-report` after changing either',
    async (language, input) => {
      const stored: unknown = JSON.parse(readFileSync(sampleReportPath(language), 'utf8'));
      expect(stored).toEqual(await buildSampleReport(input));
    },
  );

  it.each(SAMPLE_INPUTS.map((input) => [input.language, input] as const))(
    'finds a copied and a reworded passage, one per source, and rebuilds the whole text (%s)',
    async (_language, input) => {
      const report = await buildSampleReport(input);
      expect(report.nodes.map((node) => node.text).join('')).toBe(input.text);
      expect(report.sources).toHaveLength(input.sources.length);
      const matches = report.nodes.filter((node) => node.match !== null);
      expect(matches.map((node) => node.match).sort()).toEqual(['changed', 'identical']);
      expect(new Set(matches.flatMap((node) => node.sources))).toEqual(new Set([1, 2]));
      expect(report.percent).toBeGreaterThan(20);
      expect(report.percent).toBeLessThan(60);
    },
  );
});
