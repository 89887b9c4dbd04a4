import { useEffect, useId, useMemo, useReducer, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS, type ReportNode, type ReportSource, type SimilarityReport } from '@veritext/contracts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { formatCount } from '../i18n/format.ts';
import { verdictAssessment, verdictWords } from '../ai-detector/aiDetector.ts';
import { formatReportPercent } from './format.ts';
import {
  activeTarget,
  firstMatch,
  hasEnabledItems,
  highlightReducer,
  INITIAL_HIGHLIGHT_STATE,
  itemKey,
  resolveHighlight,
  type DisabledItems,
  type HighlightTarget,
  type ItemKind,
} from './highlight.ts';
import { scopePhrases } from './origins.ts';
import { aiPartVerdictKey, hasPublished, publishedShare } from './published.ts';
import { aiFailureKeys } from './polling.ts';
import type { AiLoad } from './reportLoad.ts';
import { AiText, SimilarityText } from './ReportText.tsx';
import { GrammarPanel, GrammarTabLabel, GrammarText, showsGrammarText, useGrammar } from './grammar/GrammarPanel.tsx';
import { AiTotal, SimilarityTotal } from './ReportTotals.tsx';
import { scrollContainerOf, scrollIntoContainer } from './scroll.ts';
import { INITIAL_SHEET, SHEET_HEIGHTS_PX, sheetReducer, swipeDirection, type SheetState } from './sheet.ts';
import { SourceList } from './SourceList.tsx';
import { TabList, tabId } from './TabList.tsx';
import { trackUserAction } from '../tracking/track.ts';

export type SideTab = 'similarity' | 'quotes' | 'references' | 'grammar' | 'ai';
type TopTab = 'similarity' | 'ai';

const LIST_KIND: Partial<Record<SideTab, ItemKind>> = {
  similarity: 'source',
  quotes: 'quote',
  references: 'reference',
};

function LockIcon() {
  return (
    <svg className="report-tab__lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 3.5a2 2 0 1 1 4 0V6H6V4.5Z"
      />
    </svg>
  );
}

/** The AI part's failure as a title and a message, or null when it did not fail. */
function useAiFailure(report: SimilarityReport, ai: AiLoad): { title: string; body: string | null } | null {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  if (ai.kind === 'error') return { title: t('report.ai.failedTitle'), body: toErrorText(ai.error) };
  if (report.ai.error !== null && report.ai.error.trim() !== '') {
    return { title: t('report.ai.failedTitle'), body: report.ai.error };
  }
  if (ai.kind === 'failed') {
    const keys = aiFailureKeys(ai.reason);
    return { title: t(keys.title), body: keys.body === null ? null : t(keys.body) };
  }
  return null;
}

/** How long after the bottom sheet moved a hover may not move it again (its transition is 250 ms). */
const SHEET_SETTLE_MS = 500;
/** How far a finger may move on the sheet's handle and still tap it. */
const TAP_SLOP_PX = 10;

/**
 * The report (check-tool.md §2): the totals as top tabs (similarity / AI view of the text), the text with
 * highlights on the left, and on the right (a bottom sheet under 768 px) the lists of sources, quotes and
 * references, a locked Grammar tab and the AI part.
 */
export function ReportView({
  report,
  ai,
  language,
  isMobile = false,
  download,
  initialTab = 'similarity',
  onRequestAi,
  sourceActions,
  onNodeActivate,
}: {
  report: SimilarityReport;
  ai: AiLoad;
  language: string;
  /** The user chose the offered AI check (one AI page). */
  onRequestAi?: () => void;
  /** A touch device in the sense of §4: clicks highlight without locking. */
  isMobile?: boolean;
  download?: ReactNode;
  initialTab?: SideTab;
  /** The reader's tools for each source (the report page). */
  sourceActions?: (kind: ItemKind, item: ReportSource, name: string) => ReactNode;
  /** A passage of the text was chosen (clicked or Enter): its node (the report page offers it side by side). */
  onNodeActivate?: (node: ReportNode | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { plagiarism } = report;
  const nodes = plagiarism.nodes;
  const [sideTab, setSideTab] = useState<SideTab>(initialTab);
  const grammar = useGrammar();
  // a report shown (commerce-and-cabinet.md §7 report-{name})
  useEffect(() => {
    trackUserAction('report-open');
  }, []);
  const [disabled, setDisabled] = useState<DisabledItems>(() => {
    const off = new Set<string>();
    for (const [kind, list] of [
      ['source', plagiarism.sources],
      ['quote', plagiarism.quSources],
      ['reference', plagiarism.reSources],
    ] as const) {
      for (const item of list) if (!item.enabled) off.add(itemKey(kind, item.id));
    }
    return off;
  });
  const [highlightState, dispatchHighlight] = useReducer(highlightReducer, INITIAL_HIGHLIGHT_STATE);
  const [sheet, dispatchSheet] = useReducer(sheetReducer, INITIAL_SHEET);
  const sheetMovedAt = useRef(0);
  useEffect(() => {
    sheetMovedAt.current = performance.now();
  }, [sheet]);
  const [isAiAlertShown, setIsAiAlertShown] = useState(false);
  const aiFailure = useAiFailure(report, ai);

  const active = activeTarget(highlightState);
  const highlight = useMemo(() => resolveHighlight(nodes, active, disabled), [nodes, active, disabled]);
  const lockedNode = highlightState.locked?.type === 'node' ? highlightState.locked.index : null;
  const lockedItem = (kind: ItemKind): number | null =>
    highlightState.locked !== null && highlightState.locked.type === kind ? highlightState.locked.id : null;

  const textRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const sheetRef = useRef<HTMLElement | null>(null);
  const hoverTimer = useRef<number | null>(null);
  const scrollRequest = useRef<HighlightTarget | null>(null);
  const cancelScroll = useRef<() => void>(() => undefined);
  const touchStartY = useRef<number | null>(null);
  // A swipe may or may not be followed by a click: the click of the gesture that swiped is not a tap. The next
  // touch starts a new gesture (a time window instead would swallow a quick real tap after a swipe).
  const gestureSwiped = useRef(false);

  useEffect(
    () => () => {
      if (hoverTimer.current !== null) window.clearTimeout(hoverTimer.current);
      cancelScroll.current();
    },
    [],
  );

  // A tap anywhere outside an expanded sheet (the text, the totals, the title) lowers it to peeking.
  useEffect(() => {
    if (sheet !== 'expanded') return;
    const onPointerDown = (event: PointerEvent): void => {
      if (event.target instanceof Node && sheetRef.current?.contains(event.target) === true) return;
      dispatchSheet({ type: 'tapOutside' });
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [sheet]);

  // After a highlight settles, the other pane scrolls to its first match (300 ms, 20 px offset).
  useEffect(() => {
    const target = scrollRequest.current;
    scrollRequest.current = null;
    if (target === null) return;
    const listKind = LIST_KIND[sideTab];
    const match = firstMatch(target, highlight, listKind === undefined ? [] : [listKind]);
    if (match === null) return;
    // the text scrolls in its pane, or on a phone with the report (text first, then the totals)
    const container =
      match.type === 'node' ? (textRef.current === null ? null : scrollContainerOf(textRef.current)) : listRef.current;
    const selector =
      match.type === 'node' ? `[data-node="${String(match.index)}"]` : `[data-item="${itemKey(match.type, match.id)}"]`;
    const element = container?.querySelector<HTMLElement>(selector);
    if (container === null || element === null || element === undefined) return;
    cancelScroll.current();
    cancelScroll.current = scrollIntoContainer(container, element);
  }, [highlight, sideTab]);

  const sheetFor = (target: HighlightTarget): void => {
    if (target.type === 'node') {
      const node = nodes[target.index];
      dispatchSheet({ type: 'hoverNode', hasEnabledSources: node !== undefined && hasEnabledItems(node, disabled) });
    } else dispatchSheet({ type: 'hoverSource' });
  };

  const clearHoverTimer = (): void => {
    if (hoverTimer.current !== null) window.clearTimeout(hoverTimer.current);
    hoverTimer.current = null;
  };

  const enter = (target: HighlightTarget): void => {
    clearHoverTimer();
    hoverTimer.current = window.setTimeout(() => {
      hoverTimer.current = null;
      if (highlightState.locked === null) scrollRequest.current = target;
      dispatchHighlight({ type: 'hover', target });
      // A sheet that just moved brings other items under a resting mouse pointer: their hover must not move
      // it again (peeking, expanded, peeking… a flicker in a narrow desktop window).
      if (performance.now() - sheetMovedAt.current >= SHEET_SETTLE_MS) sheetFor(target);
    }, TIMINGS.highlightDelayMs);
  };

  const leave = (): void => {
    clearHoverTimer();
    dispatchHighlight({ type: 'leave' });
  };

  const activate = (target: HighlightTarget): void => {
    clearHoverTimer();
    scrollRequest.current = target;
    if (target.type === 'node' && onNodeActivate !== undefined) {
      // a second click on a locked passage unlocks it: nothing chosen then
      const unlocking = highlightState.locked?.type === 'node' && highlightState.locked.index === target.index;
      onNodeActivate(unlocking ? null : (nodes[target.index] ?? null));
    }
    dispatchHighlight({ type: 'click', target, isMobile });
    sheetFor(target);
  };

  const toggle = (kind: ItemKind, itemId: number, enabled: boolean): void => {
    if (!enabled) dispatchHighlight({ type: 'disable', kind, id: itemId, highlight });
    setDisabled((previous) => {
      const next = new Set(previous);
      if (enabled) next.delete(itemKey(kind, itemId));
      else next.add(itemKey(kind, itemId));
      return next;
    });
  };

  const topTab: TopTab = sideTab === 'ai' ? 'ai' : 'similarity';
  const selectTop = (key: TopTab): void => {
    if (key === 'ai') {
      setSideTab('ai');
      setIsAiAlertShown(aiFailure !== null);
    } else {
      setIsAiAlertShown(false);
      if (sideTab === 'ai') setSideTab('similarity');
    }
    dispatchHighlight({ type: 'clear' });
  };
  const selectSide = (key: SideTab): void => {
    setSideTab(key);
    if (key !== 'ai') setIsAiAlertShown(false);
    dispatchHighlight({ type: 'clear' });
  };

  const textPanelId = `${id}-text`;
  const listPanelId = `${id}-list`;
  const sheetStyle = { '--sheet-height': `${String(SHEET_HEIGHTS_PX[sheet])}px` } as CSSProperties;
  const listKind = LIST_KIND[sideTab];

  const sheetLabel: Record<SheetState, string> = {
    collapsed: t('report.sheet.show'),
    peeking: t('report.sheet.expand'),
    expanded: t('report.sheet.shrink'),
  };

  return (
    <div className="report" data-view={topTab} style={sheetStyle}>
      {/* one scroller on a phone (the text, then the totals); no box of its own on wider screens */}
      <div className="report__scroll">
        {report.cut_at_words === undefined ? null : (
          <p className="alert alert--info report__cut" data-testid="report-cut">
            {t('report.cut', { words: formatCount(report.cut_at_words, language) })}
          </p>
        )}
        <div className="report__toolbar">
          <TabList<TopTab>
            idPrefix={`${id}-top`}
            label={t('report.totals.label')}
            className="report-totals"
            controls={textPanelId}
            selected={topTab}
            onSelect={selectTop}
            tabs={[
              {
                key: 'similarity',
                label: <SimilarityTotal report={report} language={language} />,
              },
              {
                key: 'ai',
                label: <AiTotal report={report} ai={ai} language={language} failed={aiFailure !== null} />,
              },
            ]}
          />
          {download}
        </div>
        {topTab === 'similarity' ? <p className="report__caution">{t('report.gauge.caution')}</p> : null}

        {isAiAlertShown && aiFailure !== null ? (
          <div className="alert alert--error report__alert" role="alert">
            <p>
              <strong>{aiFailure.title}</strong>
            </p>
            {aiFailure.body === null ? null : <p>{aiFailure.body}</p>}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setIsAiAlertShown(false);
              }}
            >
              {t('common.close')}
            </button>
          </div>
        ) : null}

        <div className="report__panes">
          <section
            className="report__text-pane"
            id={textPanelId}
            role="tabpanel"
            aria-labelledby={tabId(`${id}-top`, topTab)}
          >
            {topTab === 'similarity' ? (
              <p className="report__legend">
                <span className="report-legend report-legend--identical">{t('report.legend.identical')}</span>
                <span className="report-legend report-legend--changed">{t('report.legend.changed')}</span>
                <span className="report-legend report-legend--quote">{t('report.legend.quote')}</span>
                <span className="report-legend report-legend--reference">{t('report.legend.reference')}</span>
                {plagiarism.sources.length > 0 ? (
                  <span className="report-legend report-legend--colours">{t('report.legend.colour')}</span>
                ) : null}
              </p>
            ) : (
              <p className="report__legend">
                <span className="ai-legend ai-legend--likely">{t('ai.result.legendLikely')}</span>
                <span className="ai-legend ai-legend--strong">{t('ai.result.legendStrong')}</span>
                {hasPublished(report.ai.nodes) ? (
                  <span className="ai-legend ai-legend--published">{t('report.published.legend')}</span>
                ) : null}
              </p>
            )}
            <div className="report__text" ref={textRef} tabIndex={-1}>
              {sideTab === 'grammar' && grammar !== null && showsGrammarText(grammar) ? (
                <GrammarText grammar={grammar} />
              ) : topTab === 'ai' && ai.kind === 'done' && aiFailure === null && report.ai.nodes.length > 0 ? (
                <AiText nodes={report.ai.nodes} />
              ) : (
                <SimilarityText
                  nodes={
                    topTab === 'ai'
                      ? nodes.map((node) => ({ ...node, sources: [], quotes: [], references: [] }))
                      : nodes
                  }
                  disabled={disabled}
                  highlighted={highlight.nodes}
                  lockedNode={lockedNode}
                  handlers={{
                    onEnter: (index) => {
                      enter({ type: 'node', index });
                    },
                    onLeave: leave,
                    onActivate: (index) => {
                      activate({ type: 'node', index });
                    },
                  }}
                />
              )}
            </div>
          </section>

          <aside
            ref={sheetRef}
            className="report__side report-sheet"
            data-sheet-state={sheet}
            aria-label={t('report.sheet.label')}
          >
            <button
              type="button"
              className="report-sheet__handle"
              aria-label={sheetLabel[sheet]}
              aria-expanded={sheet === 'expanded'}
              data-sheet-handle=""
              onTouchStart={(event) => {
                gestureSwiped.current = false;
                touchStartY.current = event.touches[0]?.clientY ?? null;
              }}
              onTouchEnd={(event) => {
                const start = touchStartY.current;
                const end = event.changedTouches[0]?.clientY;
                touchStartY.current = null;
                if (start === null || end === undefined) return;
                const direction = swipeDirection(start, end);
                if (direction === null) {
                  // A finger that barely moved taps the handle here: on a page that scrolls, Chromium may drop the
                  // click that follows a touch after a swipe (it reads the touch as stopping a scroll). Cancelling
                  // the touch's end keeps the click from coming as well.
                  if (Math.abs(end - start) < TAP_SLOP_PX) {
                    event.preventDefault();
                    gestureSwiped.current = false;
                    dispatchSheet({ type: 'tapHandle' });
                  }
                  return;
                }
                gestureSwiped.current = true;
                dispatchSheet({ type: 'swipe', direction });
              }}
              onClick={(event) => {
                // a keyboard's click (detail 0) is always meant
                if (gestureSwiped.current && event.detail !== 0) {
                  gestureSwiped.current = false;
                  return;
                }
                dispatchSheet({ type: 'tapHandle' });
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                  event.preventDefault();
                  dispatchSheet({ type: 'swipe', direction: event.key === 'ArrowUp' ? 'up' : 'down' });
                }
              }}
            >
              <span className="report-sheet__grip" aria-hidden="true" />
            </button>
            <div className="report-sheet__body">
              <TabList<SideTab>
                idPrefix={`${id}-side`}
                label={t('report.tabs.label')}
                className="report-tabs"
                controls={listPanelId}
                selected={sideTab}
                onSelect={selectSide}
                tabs={[
                  {
                    key: 'similarity',
                    label: (
                      <>
                        {t('report.tabs.similarity')}{' '}
                        <span className="report-tab__count">{formatCount(plagiarism.sources.length, language)}</span>
                      </>
                    ),
                  },
                  {
                    key: 'quotes',
                    label: (
                      <>
                        {t('report.tabs.quotes')}{' '}
                        <span className="report-tab__count">{formatCount(plagiarism.quSources.length, language)}</span>
                      </>
                    ),
                  },
                  {
                    key: 'references',
                    label: (
                      <>
                        {t('report.tabs.references')}{' '}
                        <span className="report-tab__count">{formatCount(plagiarism.reSources.length, language)}</span>
                      </>
                    ),
                  },
                  grammar !== null
                    ? { key: 'grammar', label: <GrammarTabLabel grammar={grammar} /> }
                    : {
                        key: 'grammar',
                        isDisabled: true,
                        label: (
                          <>
                            <LockIcon /> {t('report.tabs.grammar')}{' '}
                            <span className="report-tab__soon">{t('report.tabs.comingSoon')}</span>
                          </>
                        ),
                      },
                  { key: 'ai', label: t('report.tabs.ai') },
                ]}
              />
              <div
                className="report__list"
                ref={listRef}
                id={listPanelId}
                role="tabpanel"
                aria-labelledby={tabId(`${id}-side`, sideTab)}
                tabIndex={0}
              >
                {sideTab === 'grammar' && grammar !== null ? (
                  <GrammarPanel grammar={grammar} />
                ) : listKind === undefined ? (
                  <AiPanel report={report} ai={ai} language={language} failure={aiFailure} onRequestAi={onRequestAi} />
                ) : (
                  <>
                    {listKind === 'source' && report.compared_with !== null ? (
                      <ComparedWith scope={report.compared_with} language={language} />
                    ) : null}
                    <SourceList
                      kind={listKind}
                      items={
                        listKind === 'source'
                          ? plagiarism.sources
                          : listKind === 'quote'
                            ? plagiarism.quSources
                            : plagiarism.reSources
                      }
                      language={language}
                      disabled={disabled}
                      highlighted={highlight[listKind]}
                      locked={lockedItem(listKind)}
                      handlers={{
                        onEnter: (kind, itemId) => {
                          enter({ type: kind, id: itemId });
                        },
                        onLeave: leave,
                        onActivate: (kind, itemId) => {
                          activate({ type: kind, id: itemId });
                        },
                        onToggle: toggle,
                      }}
                      {...(sourceActions === undefined ? {} : { actions: sourceActions })}
                    />
                  </>
                )}
              </div>
            </div>
          </aside>
        </div>
      </div>
    </div>
  );
}

/** What the text was compared with when it was checked (reports made before it was recorded show none). */
function ComparedWith({
  scope,
  language,
}: {
  scope: NonNullable<SimilarityReport['compared_with']>;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="report-scope" aria-label={t('report.scope.title')} data-testid="report-scope">
      <h3 className="report-scope__title">{t('report.scope.title')}</h3>
      <ul className="report-scope__list">
        {scopePhrases(scope, language).map((phrase, index) => (
          <li key={index}>{'text' in phrase ? phrase.text : t(phrase.key, phrase.values)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The AI tab: the AI detector's part of the report, the offer of an AI check, or why there is none. */
function AiPanel({
  report,
  ai,
  language,
  failure,
  onRequestAi,
}: {
  report: SimilarityReport;
  ai: AiLoad;
  language: string;
  failure: { title: string; body: string | null } | null;
  onRequestAi: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  if (ai.kind === 'offer') {
    return (
      <div className="alert alert--info report-ai__offer">
        <p>{t('report.ai.offer')}</p>
        <button type="button" className="button button--primary" onClick={onRequestAi}>
          {t('report.ai.offerButton')}
        </button>
      </div>
    );
  }
  if (failure !== null) {
    return (
      <div className="alert alert--error">
        <p>
          <strong>{failure.title}</strong>
        </p>
        {failure.body === null ? null : <p>{failure.body}</p>}
      </div>
    );
  }
  if (ai.kind === 'notChecked') {
    return (
      <div className="alert alert--info">
        <p>{t('report.ai.offer')}</p>
      </div>
    );
  }
  if (ai.kind === 'unavailable') {
    return (
      <div className="alert alert--info">
        <p>{t('report.ai.notAvailable')}</p>
      </div>
    );
  }
  if (ai.kind !== 'done') {
    return (
      <p className="report-ai__pending" role="status">
        <Spinner size="sm" /> {t('report.ai.inProgress')}
      </p>
    );
  }
  const percents = report.ai.percents;
  // the verdict in words as the AI result says it (band, level where it fits, what it means and how often human
  // texts got it); a part with no reading says what it has instead (found in published sources, no verdict)
  const assessment = verdictAssessment(report.ai);
  const words = assessment === null ? null : verdictWords(t, assessment, language);
  const verdict = aiPartVerdictKey(report.ai.verdict);
  const published = publishedShare(report.ai);
  return (
    <div className="report-ai" data-verdict={words?.band ?? ''}>
      <p className="report-ai__verdict">
        <span>{t('ai.result.verdictLabel')}</span>{' '}
        <strong>{words !== null ? words.headline : verdict === null ? t('ai.result.noVerdict') : t(verdict)}</strong>
      </p>
      {words?.level == null ? null : <p className="report-ai__level">{words.level}</p>}
      {words?.meaning == null ? null : (
        <p className="report-ai__meaning" data-testid="report-ai-meaning">
          {words.meaning}
        </p>
      )}
      <p className="report-ai__caution">{t('ai.result.caution')}</p>
      <dl className="ai-result__stats report-ai__stats">
        <div>
          <dt>{t('ai.result.processed')}</dt>
          <dd>{formatReportPercent(percents.processed, language)}</dd>
        </div>
        <div>
          <dt>
            <span className="ai-swatch ai-swatch--likely" aria-hidden="true" />
            {t('ai.result.likely')}
          </dt>
          <dd>{formatReportPercent(percents.likely, language)}</dd>
        </div>
        <div>
          <dt>
            <span className="ai-swatch ai-swatch--strong" aria-hidden="true" />
            {t('ai.result.strong')}
          </dt>
          <dd>{formatReportPercent(percents.strong, language)}</dd>
        </div>
      </dl>
      {published > 0 ? (
        <p className="report-ai__published">
          <span className="ai-swatch ai-swatch--published" aria-hidden="true" />
          {t('report.published.share', { percent: formatReportPercent(published, language) })}
        </p>
      ) : null}
    </div>
  );
}
