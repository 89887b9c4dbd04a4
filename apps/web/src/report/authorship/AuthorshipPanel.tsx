import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUTHORSHIP_CHECK_PAGES, type AuthorshipFeature, type AuthorshipResult } from '@veritext/contracts';
import { saveBlob } from '../../ai-detector/AiReportDownload.tsx';
import { useServices } from '../../app/ServicesContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { dateLocaleOf, formatCount, formatDecimal } from '../../i18n/format.ts';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { reportPath } from '../page/reportPage.ts';
import './authorship.css';

/** The react-query key of a document's authorship check. */
export function authorshipQueryKey(checkId: number): readonly unknown[] {
  return ['authorship', checkId];
}

export function authorshipFileName(checkId: number): string {
  return `veritext-authorship-report-${String(checkId)}.pdf`;
}

/** One differing feature in the reader's words: what the paper does, what the earlier papers did. */
export function FeatureLine({ feature, language }: { feature: AuthorshipFeature; language: string }) {
  const { t } = useTranslation();
  const values = {
    name: feature.name,
    document: formatDecimal(feature.document, language, 1),
    usual: formatDecimal(feature.usual, language, 1),
  };
  switch (feature.kind) {
    case 'word':
      return <>{t('authorship.feature.word', values)}</>;
    case 'punctuation':
      return <>{t('authorship.feature.punctuation', values)}</>;
    case 'sentence_length':
      return <>{t('authorship.feature.sentenceLength', values)}</>;
    case 'sentence_spread':
      return <>{t('authorship.feature.sentenceSpread', values)}</>;
    case 'word_length':
      return <>{t('authorship.feature.wordLength', values)}</>;
    case 'vocabulary':
      return <>{t('authorship.feature.vocabulary', values)}</>;
  }
}

function AuthorshipOutcome({ checkId, result }: { checkId: number; result: AuthorshipResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const download = useMutation({
    mutationFn: () => endpoints.downloadAuthorshipReport(checkId, language === 'es' ? 'es' : 'en'),
    onSuccess: (blob) => {
      saveBlob(blob, authorshipFileName(checkId));
    },
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'medium' }).format(new Date(iso));
  const verdict =
    result.verdict === 'same_author'
      ? t('authorship.verdict.same_author')
      : result.verdict === 'different_author'
        ? t('authorship.verdict.different_author')
        : t('authorship.verdict.inconclusive');
  const meaning =
    result.verdict === 'same_author'
      ? t('authorship.meaning.same_author')
      : result.verdict === 'different_author'
        ? t('authorship.meaning.different_author')
        : t('authorship.meaning.inconclusive');

  return (
    <div className="authorship__result" data-testid="authorship-result" data-verdict={result.verdict}>
      <p className={`authorship__verdict authorship__verdict--${result.verdict}`}>{verdict}</p>
      <p>{meaning}</p>
      <p className="authorship__score">
        {t('authorship.score', {
          score: formatDecimal(result.score, language, 2),
          chance: formatDecimal(result.chance, language, 2),
        })}
      </p>
      <h3 className="authorship__subtitle">{t('authorship.papersTitle')}</h3>
      <ul className="authorship__papers">
        {result.known.map((paper) => (
          <li key={paper.id}>
            <Link to={reportPath(paper.id, language)}>{paper.title}</Link>{' '}
            <span className="authorship__muted">{t('authorship.paperMeta', { date: date(paper.created_at) })}</span>
          </li>
        ))}
      </ul>
      <p className="authorship__muted">
        {t('authorship.others', {
          papers: formatCount(result.impostors.papers, language),
          students: formatCount(result.impostors.students, language),
        })}
      </p>
      <h3 className="authorship__subtitle">{t('authorship.featuresTitle')}</h3>
      {result.features.length === 0 ? (
        <p>{t('authorship.noFeatures')}</p>
      ) : (
        <ul className="authorship__features">
          {result.features.map((feature) => (
            <li key={`${feature.kind}:${feature.name}`}>
              <FeatureLine feature={feature} language={language} />
            </li>
          ))}
        </ul>
      )}
      <p className="authorship__muted">{t('authorship.caution')}</p>
      <div className="authorship__actions">
        <button
          type="button"
          className="button button--small"
          aria-disabled={download.isPending}
          data-testid="authorship-download-pdf"
          onClick={() => {
            if (!download.isPending) download.mutate();
          }}
        >
          {download.isPending ? <Spinner size="sm" /> : null}
          {t('authorship.download')}
        </button>
        <span role="status" aria-live="polite" className="visually-hidden">
          {download.isPending ? t('authorship.downloading') : ''}
        </span>
      </div>
      {download.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(download.error)}</p>
        </div>
      ) : null}
    </div>
  );
}

/** The panel as it looks at each stage: ready to run, asking to confirm the cost, running, refused, or the result. */
export function AuthorshipPanelView({
  checkId,
  result,
  stage,
  errorText,
  confirmRef,
  onStart,
  onConfirm,
  onCancel,
}: {
  checkId: number;
  result: AuthorshipResult | null;
  stage: 'idle' | 'confirming' | 'running';
  errorText: string | null;
  confirmRef?: RefObject<HTMLButtonElement | null>;
  onStart: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  return (
    <section className="authorship" aria-labelledby={headingId} data-testid="authorship-panel">
      <h2 id={headingId} className="authorship__title">
        {t('authorship.title')}
      </h2>
      {result !== null ? (
        <AuthorshipOutcome checkId={checkId} result={result} />
      ) : (
        <>
          <p>{t('authorship.intro')}</p>
          {stage === 'running' ? (
            <p className="authorship__progress" role="status" data-testid="authorship-progress">
              <Spinner size="sm" /> {t('authorship.running')}
            </p>
          ) : stage === 'confirming' ? (
            <div className="authorship__confirm" role="group" aria-label={t('authorship.confirmLabel')}>
              <p>{t('authorship.confirm', { pages: formatCount(AUTHORSHIP_CHECK_PAGES, language) })}</p>
              <div className="authorship__actions">
                <button
                  ref={confirmRef ?? null}
                  type="button"
                  className="button button--primary button--small"
                  data-testid="authorship-confirm"
                  onClick={onConfirm}
                >
                  {t('authorship.confirmRun')}
                </button>
                <button type="button" className="button button--small" onClick={onCancel}>
                  {t('authorship.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div className="authorship__actions">
              <button type="button" className="button button--small" data-testid="authorship-run" onClick={onStart}>
                {t('authorship.run', { pages: formatCount(AUTHORSHIP_CHECK_PAGES, language) })}
              </button>
            </div>
          )}
          {errorText === null ? null : (
            <div className="alert alert--error" role="alert" data-testid="authorship-error">
              <p>{errorText}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The report page's authorship (fingerprint) check (issue 18): for a teacher or the owner of an organisation that
 * allows it — hidden for students and personal documents (the server says `enabled` false and no result). Run it
 * after confirming its cost (3 pages), with a progress indicator; then the verdict, the score, the earlier papers
 * compared, the features that differ most and the PDF. The server's refusals (disabled, not enough original text,
 * not enough papers) are shown as it words them.
 */
export function AuthorshipPanel({ checkId, groupId }: { checkId: number; groupId: number | null }) {
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const status = useQuery({
    queryKey: authorshipQueryKey(checkId),
    queryFn: () => endpoints.authorshipStatus(checkId),
    enabled: groupId !== null,
  });
  const run = useMutation({
    mutationFn: () => endpoints.runAuthorshipCheck(checkId),
    onSuccess: (result) => {
      queryClient.setQueryData(authorshipQueryKey(checkId), { enabled: true, status: 4, result });
    },
    onSettled: () => {
      setIsConfirming(false);
    },
  });
  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);

  const data = status.data;
  if (groupId === null || data === undefined) return null;
  const result = run.data ?? data.result;
  if (!data.enabled && result === null) return null;
  return (
    <AuthorshipPanelView
      checkId={checkId}
      result={result}
      stage={run.isPending ? 'running' : isConfirming ? 'confirming' : 'idle'}
      errorText={run.isError ? toErrorText(run.error) : null}
      confirmRef={confirmRef}
      onStart={() => {
        run.reset();
        setIsConfirming(true);
      }}
      onConfirm={() => {
        run.mutate();
      }}
      onCancel={() => {
        setIsConfirming(false);
      }}
    />
  );
}
