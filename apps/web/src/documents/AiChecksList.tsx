import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AiCheckSummary } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { BAND_KEYS } from '../ai-detector/aiDetector.ts';
import type { SiteLanguage } from '@veritext/contracts';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { AiCheckDeleteDialog } from '../ai-detector/AiCheckDelete.tsx';
import { useFocusAfterDelete } from './DeleteCheckDialog.tsx';
import { DocumentsSkeleton } from './DocumentsSkeleton.tsx';
import { formatDocumentDate, formatShare, paginationOf } from './documents.ts';
import {
  aiCheckPath,
  aiCheckState,
  aiCheckTitle,
  aiChecksQueryKey,
  aiChecksRefetchInterval,
  fetchAiChecks,
  type AiChecksPage,
} from './aiChecks.ts';
import { Pagination } from './Pagination.tsx';

/**
 * My Documents' AI checks (issue 20): every stand-alone AI check of the caller, newest first, with its first
 * words, date, verdict and AI share; each opens again on the AI detector page (/ai-detector/?check=ID) and can
 * be deleted. Refetched every 5 s while one is still running.
 */
export function AiChecksList({ groupId = null }: { groupId?: number | null }) {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const { client, endpoints } = useServices();
  const describeError = useErrorText();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const deleteButton = useRef<HTMLElement | null>(null);
  const wasDeleted = useRef(false);
  const [deleting, setDeleting] = useState<AiCheckSummary | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  useFocusAfterDelete(deleting !== null, wasDeleted, headingRef, deleteButton);

  const query = useQuery({
    queryKey: aiChecksQueryKey(groupId, page),
    queryFn: () => fetchAiChecks(client, { groupId, page }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.status === 'error' ? false : aiChecksRefetchInterval(current.state.data),
  });

  async function confirmDelete(): Promise<void> {
    if (deleting === null) return;
    setIsDeleting(true);
    setDeleteError(null);
    try {
      await endpoints.deleteAiCheck(deleting.id);
      wasDeleted.current = true;
      setNotice(t('documents.ai.deleted', { title: aiCheckTitle(deleting, t('documents.ai.untitled')) }));
      setDeleting(null);
      await query.refetch();
    } catch (caught) {
      setDeleteError(describeError(caught));
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <section className="card documents" aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId} className="documents__title" ref={headingRef} tabIndex={-1}>
        {t('documents.ai.title')}
      </h2>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {query.isPending ? (
        <DocumentsSkeleton />
      ) : query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('documents.ai.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <AiChecksView
          data={query.data}
          language={i18n.language}
          lang={lang}
          onDelete={(check, button) => {
            deleteButton.current = button;
            setDeleteError(null);
            setNotice('');
            setDeleting(check);
          }}
          onPage={setPage}
        />
      )}
      <Dialog.Root
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setDeleting(null);
        }}
      >
        {deleting === null ? null : (
          <AiCheckDeleteDialog
            isDeleting={isDeleting}
            error={deleteError}
            onConfirm={() => void confirmDelete()}
            onCancel={() => {
              setDeleting(null);
            }}
          />
        )}
      </Dialog.Root>
    </section>
  );
}

/** The loaded list: the empty state, or the table (cards on a phone) and its pagination. Pure rendering for tests. */
export function AiChecksView({
  data,
  language,
  lang,
  onDelete,
  onPage,
}: {
  data: AiChecksPage;
  language: string;
  lang: SiteLanguage;
  /** Asks to delete a check (the confirmation opens); the button is where focus returns after Cancel. */
  onDelete?: (check: AiCheckSummary, button: HTMLButtonElement) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pagination = paginationOf(data);

  if (data.checks.length === 0 && data.page <= 1) {
    return (
      <div className="documents__empty" data-testid="ai-checks-empty">
        <p className="documents__empty-title">{t('documents.ai.emptyTitle')}</p>
        <p>
          <Link to={localisedPath('/ai-detector/', lang)} className="button button--primary">
            {t('documents.ai.emptyAction')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <table className="documents__table documents__table--ai" data-testid="ai-checks">
        <caption className="visually-hidden">{t('documents.ai.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.column.title')}</th>
            <th scope="col">{t('documents.column.date')}</th>
            <th scope="col">{t('documents.ai.column.verdict')}</th>
            <th scope="col">{t('documents.ai.column.share')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('documents.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.checks.map((check) => (
            <AiCheckRow
              key={check.id}
              check={check}
              language={language}
              lang={lang}
              {...(onDelete === undefined ? {} : { onDelete })}
            />
          ))}
        </tbody>
      </table>
      <Pagination pagination={pagination} label={t('documents.ai.pagination')} onPage={onPage} />
    </>
  );
}

function AiCheckRow({
  check,
  language,
  lang,
  onDelete,
}: {
  check: AiCheckSummary;
  language: string;
  lang: SiteLanguage;
  onDelete?: (check: AiCheckSummary, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const state = aiCheckState(check);
  const title = aiCheckTitle(check, t('documents.ai.untitled'));
  const share = formatShare(check.ai_percent, language);
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('documents.noValue')}</span>
    </>
  );
  const verdict =
    state.kind === 'inProgress' ? (
      <span className="documents__status documents__status--inProgress">
        <Spinner size="sm" />
        {t('documents.status.inProgress')}
      </span>
    ) : state.kind === 'notChecked' ? (
      <span className="documents__status documents__status--failed">{t('documents.ai.notChecked')}</span>
    ) : state.band === null ? (
      none
    ) : (
      <span className={`documents__verdict documents__verdict--${state.band}`}>
        <span className="documents__verdict-dot" aria-hidden="true" />
        {t(BAND_KEYS[state.band])}
      </span>
    );
  return (
    <tr
      className="documents__row"
      data-ai-check-id={check.id}
      data-state={state.kind}
      data-verdict={state.kind === 'done' ? (state.band ?? '') : ''}
    >
      <th scope="row" id={titleId} className="documents__name" data-label={t('documents.column.title')}>
        {title}
      </th>
      <td data-label={t('documents.column.date')}>
        <time dateTime={check.created_at}>{formatDocumentDate(check.created_at, language)}</time>
      </td>
      <td data-label={t('documents.ai.column.verdict')}>{verdict}</td>
      <td data-label={t('documents.ai.column.share')} className="documents__number">
        {share ?? none}
      </td>
      <td className="documents__actions">
        <Link to={aiCheckPath(check.id, lang)} className="button button--small" aria-describedby={titleId}>
          {t('documents.ai.open')}
        </Link>
        {/* a check still running holds its AI page: it can be deleted once it has finished (the server says 409) */}
        {state.kind === 'inProgress' ? null : (
          <button
            type="button"
            className="button button--small button--ghost documents__delete"
            aria-label={t('documents.ai.deleteFor', { title })}
            onClick={(event) => {
              onDelete?.(check, event.currentTarget);
            }}
          >
            {t('dataControls.deleteCheck.button')}
          </button>
        )}
      </td>
    </tr>
  );
}
