import { buildSimilarityReport, checkText, indexSource, MemoryStore } from '@veritext/reuse';
import type { SampleReport, SampleSourceKind } from '../../apps/web/src/home/sampleReport.ts';
import type { SampleInput } from './texts.ts';

/** What the product leaves out of a report: matches under 5 words (REPORT_MIN_WORDS in text-checks.process.ts). */
export const SAMPLE_MIN_WORDS = 5;

/** Runs the product's reuse engine on the sample: a fresh index of its sources, then a check of its text. */
export async function buildSampleReport(input: SampleInput): Promise<SampleReport> {
  const store = new MemoryStore();
  for (const source of input.sources) {
    await indexSource(store, { ...source, url: null, language: input.language });
  }
  const result = await checkText(store, { text: input.text, language: input.language });
  const { plagiarism } = buildSimilarityReport(input.text, result, { minWords: SAMPLE_MIN_WORDS });
  const kindOf = new Map<string, SampleSourceKind>(
    input.sources.map((source) => [source.title, source.collection === 'checked' ? 'checked' : 'reference']),
  );
  return {
    version: 1,
    language: input.language,
    title: input.title,
    percent: plagiarism.percents.total,
    nodes: plagiarism.nodes.map((node) => ({
      text: node.text,
      sources: node.sources,
      match: node.isIdentical ? 'identical' : node.isChangedIndex ? 'changed' : null,
    })),
    sources: plagiarism.sources.map((source) => ({
      id: source.id,
      name: source.link.name,
      kind: kindOf.get(source.link.name) ?? 'reference',
      percent: source.percent,
    })),
  };
}
