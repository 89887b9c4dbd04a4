import { fileURLToPath } from 'node:url';

/** Where the home page reads the sample report of one language from. */
export function sampleReportPath(language: 'en' | 'es'): string {
  return fileURLToPath(new URL(`../../apps/web/src/home/sample-report.${language}.json`, import.meta.url));
}
