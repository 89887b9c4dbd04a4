import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrammarFinding, GrammarResult } from '@veritext/contracts';
import { ServicesContext, useServices } from '../../app/ServicesContext.tsx';
import { LoadingBlock, Spinner } from '../../components/Spinner.tsx';
import { formatCount } from '../../i18n/format.ts';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { excerptOf, grammarQueryKey, markId, piecesOf } from './grammar.ts';
import '../../styles/grammar.css';

/*
 * The report's Grammar tab (issue 18; commerce-and-cabinet.md §4 "Grammar check: not activated, not checked,
 * activated"; check-tool.md §2 "a locked Grammar tab"). GrammarProvider (around ReportView, where the report belongs
 * to a document the reader may open) loads the document's grammar state; ReportView shows the tab's label, the list
 * (GrammarPanel) and, while the tab is chosen and there are findings, the text with them marked (GrammarText).
 * Without a provider (a shared report) the tab stays locked.
 */

type GrammarController = {
  checkId: number;
  language: string;
  result: GrammarResult | undefined;
  isLoading: boolean;
  loadError: unknown;
  selected: number | null;
  select: (index: number | null, from: 'list' | 'text') => void;
  /** Where the selection came from last: the list scrolls to it when it came from the text, and the other way. */
  selectedFrom: 'list' | 'text';
  idPrefix: string;
};

const GrammarContext = createContext<GrammarController | null>(null);

/** The grammar state of the report's document, or null where the report has none (the tab stays locked). */
export function useGrammar(): GrammarController | null {
  return useContext(GrammarContext);
}

export function GrammarProvider(props: { checkId: number; language: string; children: ReactNode }) {
  // without the app's services (a report rendered on its own) the tab stays locked
  return useContext(ServicesContext) === null ? props.children : <LoadedGrammarProvider {...props} />;
}

function LoadedGrammarProvider({
  checkId,
  language,
  children,
}: {
  checkId: number;
  language: string;
  children: ReactNode;
}) {
  const { endpoints } = useServices();
  const idPrefix = useId();
  const query = useQuery({ queryKey: grammarQueryKey(checkId), queryFn: () => endpoints.grammar(checkId) });
  const [selection, setSelection] = useState<{ index: number | null; from: 'list' | 'text' }>({
    index: null,
    from: 'list',
  });
  const value = useMemo<GrammarController>(
    () => ({
      checkId,
      language,
      result: query.data,
      isLoading: query.isPending,
      loadError: query.error,
      selected: selection.index,
      selectedFrom: selection.from,
      select: (index, from) => {
        setSelection({ index, from });
      },
      idPrefix,
    }),
    [checkId, language, query.data, query.isPending, query.error, selection, idPrefix],
  );
  return <GrammarContext.Provider value={value}>{children}</GrammarContext.Provider>;
}

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

/** The Grammar tab's label: a lock while not activated, the number of findings once checked. */
export function GrammarTabLabel({ grammar }: { grammar: GrammarController }) {
  const { t } = useTranslation();
  const { result } = grammar;
  return (
    <>
      {result?.state === 'not_activated' ? <LockIcon /> : null}
      {result?.state === 'not_activated' ? ' ' : null}
      {t('report.tabs.grammar')}
      {result?.state === 'checked' ? (
        <>
          {' '}
          <span className="report-tab__count">{formatCount(result.findings.length, grammar.language)}</span>
        </>
      ) : null}
    </>
  );
}

/** The words of a finding's message in the reader's language. */
function useFindingMessage(): (finding: GrammarFinding) => string {
  const { t } = useTranslation();
  return (finding) => {
    const p = finding.params;
    switch (finding.rule) {
      case 'spelling':
        return t('grammar.rules.spelling', { word: p.word ?? '' });
      case 'repeated-word':
        return t('grammar.rules.repeatedWord', { word: p.word ?? '' });
      case 'indefinite-article':
        return t('grammar.rules.indefiniteArticle', { word: p.word ?? '', expected: p.expected ?? '' });
      case 'contraction':
        return t('grammar.rules.contraction', { word: p.word ?? '' });
      case 'passive-voice':
        return t('grammar.rules.passiveVoice', { word: p.word ?? '' });
      case 'sentence-spacing':
        return t('grammar.rules.sentenceSpacing', { count: Number(p.count ?? '2') });
      case 'sentence-capital':
        return t('grammar.rules.sentenceCapital', { word: p.word ?? '' });
      case 'space-before-punctuation':
        return t('grammar.rules.spaceBeforePunctuation', { mark: p.mark ?? '' });
      case 'opening-mark':
        return t('grammar.rules.openingMark', { open: p.open ?? '', close: p.close ?? '' });
    }
  };
}

function useKindLabel(): (kind: GrammarFinding['kind']) => string {
  const { t } = useTranslation();
  return (kind) => {
    switch (kind) {
      case 'spelling':
        return t('grammar.kinds.spelling');
      case 'grammar':
        return t('grammar.kinds.grammar');
      case 'style':
        return t('grammar.kinds.style');
      case 'punctuation':
        return t('grammar.kinds.punctuation');
    }
  };
}

/** A suggestion as shown: a space or an empty one in words. */
function shownSuggestion(value: string, t: (key: 'grammar.oneSpace') => string): string {
  return value === ' ' ? t('grammar.oneSpace') : value;
}

/** The Grammar tab's panel: the §4 state, the Check grammar button, or the list of findings. */
export function GrammarPanel({ grammar }: { grammar: GrammarController }) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const message = useFindingMessage();
  const kindLabel = useKindLabel();
  const [isRunning, setIsRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { result, selected, selectedFrom } = grammar;

  // a mark chosen in the text: its finding comes into view in the list
  useEffect(() => {
    if (selected === null || selectedFrom !== 'text') return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-finding="${String(selected)}"] button`);
    item?.scrollIntoView({ block: 'nearest' });
    item?.focus({ preventScroll: true });
  }, [selected, selectedFrom]);

  const run = async (): Promise<void> => {
    setIsRunning(true);
    setRunError(null);
    try {
      const data = await endpoints.runGrammar(grammar.checkId);
      queryClient.setQueryData(grammarQueryKey(grammar.checkId), data);
    } catch (caught) {
      setRunError(toErrorText(caught));
    } finally {
      setIsRunning(false);
    }
  };

  if (grammar.isLoading) return <LoadingBlock label={t('grammar.loading')} />;
  if (result === undefined) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{toErrorText(grammar.loadError)}</p>
      </div>
    );
  }
  if (result.state === 'not_activated') {
    return (
      <div className="grammar-panel grammar-panel--state" data-testid="grammar-not-activated">
        <p className="grammar-panel__lock">
          <LockIcon /> {t('errors.grammar_not_activated')}
        </p>
        <p className="grammar-panel__hint">{t('grammar.notActivatedHint')}</p>
      </div>
    );
  }
  if (result.state === 'not_checked') {
    return (
      <div className="grammar-panel grammar-panel--state" data-testid="grammar-not-checked">
        <p>{t('grammar.notChecked')}</p>
        <button
          type="button"
          className="button button--primary"
          aria-busy={isRunning}
          disabled={isRunning}
          onClick={() => void run()}
        >
          {isRunning ? (
            <>
              <Spinner size="sm" /> {t('grammar.checking')}
            </>
          ) : (
            t('grammar.check')
          )}
        </button>
        {isRunning ? (
          <p className="visually-hidden" role="status">
            {t('grammar.checking')}
          </p>
        ) : null}
        {runError === null ? null : (
          <div className="alert alert--error" role="alert">
            <p>{runError}</p>
          </div>
        )}
      </div>
    );
  }
  if (result.language === null) {
    return (
      <p className="report-list__empty" data-testid="grammar-unsupported">
        {t('grammar.unsupportedLanguage')}
      </p>
    );
  }
  if (result.findings.length === 0) {
    return (
      <p className="report-list__empty" data-testid="grammar-none">
        {t('grammar.none')}
      </p>
    );
  }
  return (
    <div className="grammar-panel" data-testid="grammar-findings">
      <p className="grammar-panel__summary">
        {t('grammar.summary', {
          count: result.findings.length,
          language: result.language === 'es' ? t('grammar.languages.es') : t('grammar.languages.en'),
        })}
      </p>
      <ol className="grammar-list" ref={listRef}>
        {result.findings.map((finding, index) => {
          const excerpt = excerptOf(result.text, finding);
          const isSelected = selected === index;
          return (
            <li
              key={`${String(finding.start)}-${finding.rule}`}
              className="grammar-finding"
              data-finding={index}
              data-kind={finding.kind}
            >
              <button
                type="button"
                className="grammar-finding__button"
                aria-pressed={isSelected}
                aria-controls={markId(grammar.idPrefix, index)}
                onClick={() => {
                  grammar.select(isSelected ? null : index, 'list');
                }}
              >
                <span className={`badge grammar-badge grammar-badge--${finding.kind}`}>{kindLabel(finding.kind)}</span>
                <span className="grammar-finding__excerpt">
                  {excerpt.before}
                  <mark className="grammar-finding__match">{excerpt.match}</mark>
                  {excerpt.after}
                </span>
                <span className="grammar-finding__message">{message(finding)}</span>
                {finding.suggestions.length > 0 ? (
                  <span className="grammar-finding__suggestions">
                    {t('grammar.suggestions')}{' '}
                    {finding.suggestions.map((suggestion, position) => (
                      <span key={suggestion}>
                        {position > 0 ? ', ' : null}
                        <span className="grammar-finding__suggestion">{shownSuggestion(suggestion, t)}</span>
                      </span>
                    ))}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="grammar-panel__again">
        <button type="button" className="button button--small" disabled={isRunning} onClick={() => void run()}>
          {isRunning ? <Spinner size="sm" /> : null} {isRunning ? t('grammar.checking') : t('grammar.checkAgain')}
        </button>
        {runError === null ? null : (
          <div className="alert alert--error" role="alert">
            <p>{runError}</p>
          </div>
        )}
      </div>
    </div>
  );
}

/** Whether the text pane shows the text with the grammar findings marked. */
export function showsGrammarText(grammar: GrammarController | null): boolean {
  return grammar?.result?.state === 'checked' && grammar.result.findings.length > 0;
}

/** The checked text with its findings marked; the chosen one scrolled into view. A mark clicked chooses it. */
export function GrammarText({ grammar }: { grammar: GrammarController }) {
  const { t } = useTranslation();
  const message = useFindingMessage();
  const { result, selected, selectedFrom, idPrefix } = grammar;
  const rootRef = useRef<HTMLDivElement>(null);
  const pieces = useMemo(() => (result?.state === 'checked' ? piecesOf(result.text, result.findings) : []), [result]);

  useEffect(() => {
    if (selected === null || selectedFrom !== 'list') return;
    document.getElementById(markId(idPrefix, selected))?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selected, selectedFrom, idPrefix]);

  if (result?.state !== 'checked') return null;
  return (
    <div className="grammar-text" ref={rootRef} data-testid="grammar-text">
      <p className="visually-hidden">{t('grammar.textLabel')}</p>
      {pieces.map((piece, position) => {
        if (piece.finding === null) return <span key={position}>{piece.text}</span>;
        const index = piece.finding;
        const finding = result.findings[index];
        return (
          <mark
            key={position}
            id={markId(idPrefix, index)}
            className={`grammar-mark grammar-mark--${finding?.kind ?? 'spelling'}${selected === index ? ' grammar-mark--selected' : ''}`}
            title={finding === undefined ? undefined : message(finding)}
            onClick={() => {
              grammar.select(index, 'text');
            }}
          >
            {piece.text}
          </mark>
        );
      })}
    </div>
  );
}
