import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ReportNode, ReportSource, SimilarityReport } from '@veritext/contracts';
import type { ReportSettingsInput } from '../../api/reportSettings.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../../check/groups.ts';
import { LoadingBlock, Spinner } from '../../components/Spinner.tsx';
import { useUiLanguage } from '../../language/useLanguage.ts';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { AuthorshipPanel } from '../authorship/AuthorshipPanel.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { currentTextSelection } from '../comments/selection.ts';
import { ShareReportButton } from '../share/ShareReportButton.tsx';
import { sourceColourStyle } from '../colours.ts';
import { formatReportPercent } from '../format.ts';
import type { ItemKind } from '../highlight.ts';
import { sourceNamePhrase, type Phrase } from '../origins.ts';
import { ReportDownload } from '../ReportDownload.tsx';
import { ReportProgress } from '../ReportProgress.tsx';
import { ReportView } from '../ReportView.tsx';
import { reportName } from '../title.ts';
import { useIsMobile, useProgress, useReportLoad } from '../useReport.ts';
import { ReportSettingsPanel } from './ReportSettingsPanel.tsx';
import { SideBySideDialog } from './SideBySideDialog.tsx';
import {
  excludedReasonKey,
  findSource,
  mayComment,
  passageSources,
  reportIdOf,
  sourceKey,
  type PassageSource,
} from './reportPage.ts';
import { GrammarProvider } from '../grammar/GrammarPanel.tsx';
import '../../styles/report.css';
import '../../styles/report-tools.css';
import '../../styles/report-page.css';

type Selection = { start: number; end: number; quote: string };
type Comparison = { sources: PassageSource[]; start?: number };

/** The documents page the report was most likely opened from. */
function documentsPath(groupId: number | null): string {
  return groupId === null ? '/profile/my-documents' : `/profile/my-documents/group/${String(groupId)}`;
}

/** "Similarity report: <title>": the page's title and heading, by the document. */
function usePageTitle(report: SimilarityReport | null): string | null {
  const { t } = useTranslation();
  const name = report === null ? null : (reportName(report) ?? t('report.untitled'));
  const title = name === null ? t('report.kind') : `${t('report.kind')}: ${name}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return name;
}

/**
 * The Similarity report at its own address (issue 17; commerce-and-cabinet.md §2 "Similarity report"):
 * /profile/report/{id} (and /es, /no twins), bookmarkable, Back leaves it (only this source is in the address, so
 * Back also leaves that view). Overview and sources (the report view), per-source tools (ignore, include again, only
 * this source, side by side), the Settings panel (recomputed, no charge), Download PDF, Print, share and comments.
 */
export function ReportPage() {
  const { id: param } = useParams();
  const id = reportIdOf(param);
  const { t } = useTranslation();
  if (id === null) {
    return (
      <div className="container page report-page">
        <div className="alert alert--error" role="alert">
          <p>{t('errors.not_found')}</p>
        </div>
      </div>
    );
  }
  return <ReportPageOf key={id} id={id} />;
}

function ReportPageOf({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const { endpoints, client } = useServices();
  const toErrorText = useErrorText();
  const isMobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const onlySource = search.get('source');
  const { load, requestAi } = useReportLoad(id);
  const loaded = load.document.kind === 'ready' ? load.document.report : null;
  const progress = useProgress(loaded !== null);
  /** The report as the last change answered it (null: the loaded one). */
  const [changed, setChanged] = useState<SimilarityReport | null>(null);
  const [version, setVersion] = useState(0);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [chosenNode, setChosenNode] = useState<ReportNode | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [offered, setOffered] = useState<Selection | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const textArea = useRef<HTMLDivElement | null>(null);
  const commentsRef = useRef<HTMLDivElement | null>(null);

  // a fresh load (the AI part finished) already carries the stored settings
  useEffect(() => {
    setChanged(null);
  }, [loaded]);

  const base = changed ?? loaded;
  const only = useQuery({
    queryKey: ['report-only-source', id, onlySource, version],
    queryFn: () => endpoints.getTextReportOfSource(id, onlySource ?? ''),
    enabled: onlySource !== null && base !== null,
  });
  const shown = onlySource === null ? base : (only.data ?? null);
  const name = usePageTitle(base);

  const textDocument = useQuery({ queryKey: ['text-document', id], queryFn: () => endpoints.getText(id) });
  const groupId = textDocument.data?.group_id ?? null;
  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: groupId !== null,
  });
  const canComment = mayComment(groupId, groups.data ?? []);

  const applyReport = (report: SimilarityReport, message: string): void => {
    setChanged(report);
    setVersion((current) => current + 1);
    setChosenNode(null);
    setAnnouncement(message);
  };
  const settings = useMutation({
    mutationFn: (input: ReportSettingsInput) => endpoints.changeReportSettings(id, input),
    onSuccess: (report) => {
      applyReport(
        report,
        t('reportPage.settings.applied', { percent: formatReportPercent(report.plagiarism.percents.total, lang) }),
      );
      setIsSettingsOpen(false);
    },
  });
  const ignore = useMutation({
    mutationFn: (input: { key: string; ignored: boolean }) =>
      endpoints.ignoreReportSource(id, input.key, input.ignored),
    onSuccess: (report, input) => {
      const percent = formatReportPercent(report.plagiarism.percents.total, lang);
      applyReport(
        report,
        t(input.ignored ? 'reportPage.sources.ignoredNow' : 'reportPage.sources.includedNow', { percent }),
      );
    },
  });
  const isRecomputing = settings.isPending || ignore.isPending || (onlySource !== null && only.isFetching);
  const say = (phrase: Phrase): string => ('text' in phrase ? phrase.text : t(phrase.key, phrase.values));
  const nameOf = (source: ReportSource): string => say(sourceNamePhrase(source, lang));

  const showOnly = (key: string | null): void => {
    setChosenNode(null);
    // leaving the view replaces its entry: Back then goes where the reader was before it
    if (key === null) setSearch({}, { replace: true });
    else setSearch({ source: key });
  };

  // the reader's text selection, as offsets into the checked text, for a comment on it
  const readSelection = (): void => {
    const pane = textArea.current?.querySelector<HTMLElement>('.report__text');
    if (pane === null || pane === undefined) return;
    setOffered(currentTextSelection(pane, 0));
  };

  const tools = shown?.settings_applicable === true;
  const canChange = tools && shown.can_change_settings === true && onlySource === null;

  const sourceActions = (kind: ItemKind, item: ReportSource, itemName: string): ReactNode => {
    const key = sourceKey(item);
    if (!tools || key === null) return null;
    return (
      <div className="report-source__tools" data-testid="source-tools">
        {canChange && kind === 'source' ? (
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={t('reportPage.sources.ignoreNamed', { name: itemName })}
            disabled={isRecomputing}
            onClick={() => {
              ignore.mutate({ key, ignored: true });
            }}
          >
            {t('reportPage.sources.ignore')}
          </button>
        ) : null}
        {onlySource === null ? (
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={t('reportPage.sources.onlyNamed', { name: itemName })}
            disabled={isRecomputing}
            onClick={() => {
              showOnly(key);
            }}
          >
            {t('reportPage.sources.only')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t('reportPage.sources.compareNamed', { name: itemName })}
          onClick={() => {
            setComparison({ sources: [{ key, name: itemName, id: item.id }] });
          }}
        >
          {t('reportPage.sources.compare')}
        </button>
      </div>
    );
  };

  let body: ReactNode;
  const failure = load.document;
  if (failure.kind === 'failed' || failure.kind === 'timeout' || failure.kind === 'error') {
    body = (
      <div className="alert alert--error" role="alert">
        <p>
          {failure.kind === 'timeout'
            ? t('report.errors.timeout')
            : failure.kind === 'error'
              ? toErrorText(failure.error)
              : (failure.message ?? t('report.errors.generic'))}
        </p>
      </div>
    );
  } else if (base === null || !progress.isFinished) {
    body = <ReportProgress state={progress} />;
  } else if (onlySource !== null && only.isError) {
    body = (
      <div className="alert alert--error" role="alert">
        <p>{toErrorText(only.error)}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            showOnly(null);
          }}
        >
          {t('reportPage.only.showAll')}
        </button>
      </div>
    );
  } else if (shown === null) {
    body = <LoadingBlock label={t('reportPage.only.loading')} />;
  } else {
    const onlyItem = onlySource === null ? null : findSource(shown, onlySource);
    body = (
      <>
        {onlySource === null ? null : (
          <div
            className="alert alert--info report-page__only"
            data-testid="only-source-banner"
            style={onlyItem === null ? undefined : sourceColourStyle(onlyItem.id)}
          >
            <p>
              <span className="report-page__only-swatch" aria-hidden="true" />
              {t('reportPage.only.showing', { name: onlyItem === null ? onlySource : nameOf(onlyItem) })}
            </p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                showOnly(null);
              }}
            >
              {t('reportPage.only.showAll')}
            </button>
          </div>
        )}
        {shown.settings_applicable === false ? (
          <p className="alert alert--info report-page__old">{t('reportPage.settings.unavailable')}</p>
        ) : null}
        {chosenNode === null || passageSources(shown, chosenNode).length === 0 ? null : (
          <div className="report-page__passage" role="region" aria-label={t('reportPage.passage.label')}>
            <p>{t('reportPage.passage.chosen')}</p>
            <button
              type="button"
              className="button button--small button--primary"
              data-testid="passage-compare"
              onClick={() => {
                setComparison({ sources: passageSources(shown, chosenNode, nameOf), start: chosenNode.start });
              }}
            >
              {t('reportPage.passage.compare')}
            </button>
          </div>
        )}
        {offered === null || !canComment ? null : (
          <div className="report-page__selection" role="region" aria-label={t('reportPage.selection.label')}>
            <p className="report-page__selection-quote">
              “{offered.quote.length > 120 ? `${offered.quote.slice(0, 119)}…` : offered.quote}”
            </p>
            <button
              type="button"
              className="button button--small button--primary"
              data-testid="comment-on-selection"
              onClick={() => {
                setSelection(offered);
                setOffered(null);
                commentsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                commentsRef.current?.querySelector<HTMLElement>('textarea')?.focus();
              }}
            >
              {t('reportPage.selection.comment')}
            </button>
          </div>
        )}
        <div
          ref={textArea}
          className="report-page__report"
          aria-busy={isRecomputing}
          onMouseUp={readSelection}
          onKeyUp={readSelection}
          onTouchEnd={readSelection}
        >
          {isRecomputing ? (
            <div className="report-page__recomputing" role="status" data-testid="report-recomputing">
              <Spinner size="sm" /> {t('reportPage.recomputing')}
            </div>
          ) : null}
          <GrammarProvider checkId={id} language={lang}>
            <ReportView
              key={`${String(shown.id)}:${String(version)}:${onlySource ?? ''}`}
              report={shown}
              ai={load.ai}
              language={lang}
              isMobile={isMobile}
              onRequestAi={requestAi}
              sourceActions={sourceActions}
              onNodeActivate={setChosenNode}
            />
          </GrammarProvider>
        </div>
        {tools && (shown.excluded_sources ?? []).length > 0 && onlySource === null ? (
          <section
            className="report-page__excluded card"
            aria-labelledby="report-excluded-title"
            data-testid="excluded-sources"
          >
            <h2 id="report-excluded-title" className="report-page__section-title">
              {t('reportPage.excluded.title', { count: shown.excluded_sources?.length ?? 0 })}
            </h2>
            <ul className="report-page__excluded-list">
              {(shown.excluded_sources ?? []).map((source) => {
                const key = sourceKey(source);
                const sourceLabel = nameOf(source);
                return (
                  <li key={key ?? source.id} className="report-page__excluded-item">
                    <span className="report-page__excluded-name">{sourceLabel}</span>
                    <span className="report-page__excluded-reason">
                      {t(excludedReasonKey(source.reason), { percent: formatReportPercent(source.percent, lang) })}
                    </span>
                    {source.reason === 'ignored' && canChange && key !== null ? (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('reportPage.sources.includeNamed', { name: sourceLabel })}
                        disabled={isRecomputing}
                        onClick={() => {
                          ignore.mutate({ key, ignored: false });
                        }}
                      >
                        {t('reportPage.sources.include')}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {ignore.isError ? (
          <div className="alert alert--error" role="alert">
            <p>{toErrorText(ignore.error)}</p>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="container page report-page" data-check-id={id}>
      <nav className="report-page__nav" aria-label={t('reportPage.nav')}>
        <Link to={documentsPath(groupId)} className="report-page__back">
          <span aria-hidden="true">←</span> {t('reportPage.back')}
        </Link>
      </nav>
      <header className="report-page__head">
        <h1 id="page-title" tabIndex={-1} className="report-page__title">
          <span className="report-page__kind">
            {t('report.kind')}
            {name === null ? null : <span className="visually-hidden">:</span>}
          </span>{' '}
          {name === null ? null : <span className="report-page__name">{name}</span>}
        </h1>
        <p className="report-page__check">{t('report.checkNumber', { id: String(id) })}</p>
        {base === null ? null : (
          <div className="report-page__actions">
            <button
              type="button"
              className="button button--small"
              aria-expanded={isSettingsOpen}
              aria-controls="report-page-settings"
              data-testid="report-settings-toggle"
              onClick={() => {
                setIsSettingsOpen((open) => !open);
              }}
            >
              {t('reportPage.settings.open')}
            </button>
            <ReportDownload documentId={id} />
            <button
              type="button"
              className="button button--small"
              data-testid="report-print"
              onClick={() => {
                window.print();
              }}
            >
              {t('reportPage.print')}
            </button>
            <ShareReportButton checkId={id} />
          </div>
        )}
      </header>
      {isSettingsOpen && base !== null ? (
        <div id="report-page-settings" className="report-page__settings">
          <ReportSettingsPanel
            settings={base.settings}
            applicable={base.settings_applicable !== false}
            canChange={base.can_change_settings === true}
            isApplying={settings.isPending}
            error={settings.error}
            onApply={(input) => {
              settings.mutate(input);
            }}
            onClose={() => {
              setIsSettingsOpen(false);
            }}
          />
        </div>
      ) : null}
      <div className="report-page__body">{body}</div>
      {/* the authorship check (issue 18): teachers and owners where the organisation allows it; else nothing */}
      {base === null ? null : <AuthorshipPanel checkId={id} groupId={groupId} />}
      {base === null ? null : (
        <div ref={commentsRef} className="report-page__comments">
          <CommentsPanel
            checkId={id}
            canComment={canComment}
            selection={selection}
            onSelectionUsed={() => {
              setSelection(null);
            }}
          />
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <Dialog.Root
        open={comparison !== null}
        onOpenChange={(open) => {
          if (!open) setComparison(null);
        }}
      >
        {comparison === null ? null : (
          <SideBySideDialog
            checkId={id}
            sources={comparison.sources}
            {...(comparison.start === undefined ? {} : { start: comparison.start })}
          />
        )}
      </Dialog.Root>
    </div>
  );
}
