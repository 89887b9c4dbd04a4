import type { ExcludedSource, ReportNode, ReportSettings, ReportSource, SimilarityReport } from '@veritext/contracts';
import type { ReportSettingsInput } from '../../api/reportSettings.ts';

/*
 * The pure parts of the report page (issue 17): its address, the settings as the form edits them, who may comment,
 * and what the passage chosen in the text can be compared with.
 */

/** The report's own address: /profile/report/{id}, with its /es and /no twins. */
export function reportPath(id: number, lang: string): string {
  const path = `/profile/report/${String(id)}`;
  return lang === 'es' || lang === 'no' ? `/${lang}${path}` : path;
}

/** The id of the page's address (a positive integer), else null. */
export function reportIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The report's settings as the Settings panel edits them. */
export function settingsInputOf(settings: ReportSettings | undefined): ReportSettingsInput {
  return {
    excludeBelowPercent:
      settings === undefined || settings.exclude_below_percent === 0 ? '' : String(settings.exclude_below_percent),
    excludeSelfPlagiarism: settings?.exclude_self_plagiarism ?? false,
    customAuthor: settings?.custom_author ?? '',
    includeQuotes: settings?.include_quotes ?? false,
    includeReferences: settings?.include_references ?? false,
  };
}

/** Comments are written by an organisation's owner (role 1) and teachers (role 2), on the organisation's checks. */
export function mayComment(
  groupId: number | null,
  groups: readonly { id: number; current_user_role: number }[],
): boolean {
  if (groupId === null) return false;
  const role = groups.find((group) => group.id === groupId)?.current_user_role;
  return role === 1 || role === 2;
}

/** A source's key in the report (its index entry's db_id). */
export function sourceKey(source: Pick<ReportSource, 'index'>): string | null {
  return source.index[0]?.db_id ?? null;
}

/** What a source is called on the page (its link name, else its address or text). */
export function sourceName(source: Pick<ReportSource, 'link' | 'source'>): string {
  return source.link.name.trim() === '' ? source.source : source.link.name;
}

export type PassageSource = { key: string; name: string; id: number };

/**
 * The sources a passage of the text can be compared with: the similarity sources of the node (its colour first),
 * then its quotations' and references' sources, each once.
 */
export function passageSources(
  report: Pick<SimilarityReport, 'plagiarism'>,
  node: Pick<ReportNode, 'sources' | 'quotes' | 'references'>,
  nameOf: (source: ReportSource) => string = sourceName,
): PassageSource[] {
  const { plagiarism } = report;
  const out: PassageSource[] = [];
  const seen = new Set<string>();
  const add = (list: readonly ReportSource[], ids: readonly number[]): void => {
    for (const id of ids) {
      const source = list[id - 1];
      const key = source === undefined ? null : sourceKey(source);
      if (source === undefined || key === null || seen.has(key)) continue;
      seen.add(key);
      out.push({ key, name: nameOf(source), id });
    }
  };
  add(plagiarism.sources, node.sources);
  add(plagiarism.quSources, node.quotes);
  add(plagiarism.reSources, node.references);
  return out;
}

/** The i18n key of why a source was left out. */
export function excludedReasonKey(reason: ExcludedSource['reason']): string {
  switch (reason) {
    case 'ignored':
      return 'reportPage.excluded.ignored';
    case 'self':
      return 'reportPage.excluded.self';
    case 'below':
      return 'reportPage.excluded.below';
  }
}

/** The source shown alone (only this source), by its key, in the report's lists. */
export function findSource(report: Pick<SimilarityReport, 'plagiarism'>, key: string): ReportSource | null {
  const { plagiarism } = report;
  return (
    [...plagiarism.sources, ...plagiarism.quSources, ...plagiarism.reSources].find(
      (source) => sourceKey(source) === key,
    ) ?? null
  );
}
