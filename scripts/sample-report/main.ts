/**
 * `npm run sample-report`: runs the reuse engine on the home page's sample essay (texts.ts) and writes the
 * reports the home page shows, one per site language. scripts/sample-report/build.test.ts checks the files
 * are still what the engine produces.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { buildSampleReport } from './build.ts';
import { sampleReportPath } from './paths.ts';
import { SAMPLE_INPUTS } from './texts.ts';

for (const input of SAMPLE_INPUTS) {
  const report = await buildSampleReport(input);
  const file = sampleReportPath(input.language);
  // written as the formatter would (npm run format:check stays clean)
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(report, null, 2), { ...options, filepath: file }));
  process.stderr.write(`${file}: ${report.percent} %, ${report.sources.length} sources\n`);
}
