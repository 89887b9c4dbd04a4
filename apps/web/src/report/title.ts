import type { SimilarityReport } from '@veritext/contracts';

/** Words of the text that name a report without a title (as the server's default title does). */
const NAME_WORDS = 8;

/**
 * What a report is titled by (issue 20): the document's title (the server's default is the file name or the
 * first words), else the first words of the checked text; null when there is neither.
 */
export function reportName(report: Pick<SimilarityReport, 'title' | 'plagiarism'>): string | null {
  const title = report.title.trim();
  if (title !== '') return title;
  const words = report.plagiarism.nodes
    .map((node) => node.text)
    .join('')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  const head = words.slice(0, NAME_WORDS).join(' ');
  return words.length > NAME_WORDS ? `${head}…` : head;
}
