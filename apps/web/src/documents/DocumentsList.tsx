import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TextDocument } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import { DeleteCheckDialog, useFocusAfterDelete } from './DeleteCheckDialog.tsx';
import {
  documentStatus,
  documentsQueryKey,
  documentsRefetchInterval,
  formatDocumentDate,
  formatShare,
  paginationOf,
  statusKey,
  type DocumentsPage,
} from './documents.ts';
import { Pagination } from './Pagination.tsx';

const SKELETON_ROWS = 3;

/**
 * My Documents: the caller's checks (or a group's), newest first, refetched every 5 s while any is in
 * progress. A table on wide screens; under 768 px the same table is laid out as stacked cards.
 */
export function DocumentsList({ groupId = null }: { groupId?: number | null }) {
  const { t, i18n } = useTranslation();
  const { endpoints, modals } = useServices();
  const describeError = useErrorText();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const deleteButton = useRef<HTMLElement | null>(null);
  const wasDeleted = useRef(false);
  const [deleting, setDeleting] = useState<TextDocument | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  useFocusAfterDelete(deleting !== null, wasDeleted, headingRef, deleteButton);

  const query = useQuery({
    queryKey: documentsQueryKey(groupId, page),
    queryFn: () => endpoints.listTexts({ groupId, page }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.status === 'error' ? false : documentsRefetchInterval(current.state.data),
  });

  async function confirmDelete(): Promise<void> {
    if (deleting === null) return;
    setIsDeleting(true);
    setDeleteError(null);
    try {
      await endpoints.deleteText(deleting.id);
      wasDeleted.current = true;
      setNotice(t('dataControls.deleteCheck.deleted', { title: titleOf(deleting, t('documents.untitled')) }));
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
        {t('documents.title')}
      </h2>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {query.isPending ? (
        <DocumentsSkeleton />
      ) : query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('documents.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <DocumentsView
          data={query.data}
          language={i18n.language}
          onOpen={(id) => {
            modals.openModal('report', { id });
          }}
          onDelete={(document, button) => {
            deleteButton.current = button;
            setDeleteError(null);
            setNotice('');
            setDeleting(document);
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
          <DeleteCheckDialog
            title={t('dataControls.deleteCheck.title')}
            description={t('dataControls.deleteCheck.body', { title: titleOf(deleting, t('documents.untitled')) })}
            confirmLabel={t('dataControls.deleteCheck.confirm')}
            busyLabel={t('dataControls.deleteCheck.deleting')}
            cancelLabel={t('dataControls.deleteCheck.cancel')}
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

export function DocumentsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="documents__skeleton" data-testid="documents-loading">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <span key={index} className="skeleton skeleton--row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The loaded list: the empty state, or the table and its pagination. Pure rendering for tests. */
export function DocumentsView({
  data,
  language,
  onOpen,
  onDelete,
  onPage,
}: {
  data: DocumentsPage;
  language: string;
  onOpen: (id: number) => void;
  /** Asks to delete a document (the confirmation opens); the button is where focus returns after Cancel. */
  onDelete?: (document: TextDocument, button: HTMLButtonElement) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pagination = paginationOf(data);

  if (data.texts.length === 0 && data.page <= 1) {
    return (
      <div className="documents__empty" data-testid="documents-empty">
        <p className="documents__empty-title">{t('documents.empty.title')}</p>
        <p>
          <Link to={NEW_CHECK_PATH} className="button button--primary">
            {t('documents.empty.action')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <table className="documents__table">
        <caption className="visually-hidden">{t('documents.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.column.title')}</th>
            <th scope="col">{t('documents.column.date')}</th>
            <th scope="col">{t('documents.column.pages')}</th>
            <th scope="col">{t('documents.column.status')}</th>
            <th scope="col">{t('documents.column.similarity')}</th>
            <th scope="col">{t('documents.column.ai')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('documents.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.texts.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              language={language}
              onOpen={onOpen}
              {...(onDelete === undefined ? {} : { onDelete })}
            />
          ))}
        </tbody>
      </table>
      <Pagination pagination={pagination} label={t('documents.pagination.label')} onPage={onPage} />
    </>
  );
}

/** The name a document is shown by: its title, else its file's name, else "Untitled". */
function titleOf(document: TextDocument, untitled: string): string {
  return document.title.trim() === '' ? (document.file_name ?? untitled) : document.title;
}

function DocumentRow({
  document,
  language,
  onOpen,
  onDelete,
}: {
  document: TextDocument;
  language: string;
  onOpen: (id: number) => void;
  onDelete?: (document: TextDocument, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = documentStatus(document.state);
  const similarity = formatShare(document.percent, language);
  const ai = formatShare(document.ai_percent, language);
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('documents.noValue')}</span>
    </>
  );
  return (
    <tr className="documents__row" data-document-id={document.id} data-state={status}>
      <th scope="row" id={titleId} className="documents__name" data-label={t('documents.column.title')}>
        {titleOf(document, t('documents.untitled'))}
      </th>
      <td data-label={t('documents.column.date')}>
        <time dateTime={document.created_at}>{formatDocumentDate(document.created_at, language)}</time>
      </td>
      <td data-label={t('documents.column.pages')} className="documents__number">
        {document.pages}
      </td>
      <td data-label={t('documents.column.status')}>
        <span className={`documents__status documents__status--${status}`}>
          {status === 'inProgress' ? <Spinner size="sm" /> : null}
          {t(statusKey(document.state))}
        </span>
        {status === 'failed' && document.error !== null && document.error !== '' ? (
          <span className="documents__error">{document.error}</span>
        ) : null}
      </td>
      <td data-label={t('documents.column.similarity')} className="documents__number">
        {similarity ?? none}
      </td>
      <td data-label={t('documents.column.ai')} className="documents__number">
        {ai ?? none}
      </td>
      <td className="documents__actions">
        {status === 'failed' ? null : (
          <button
            type="button"
            className="button button--small"
            aria-describedby={titleId}
            onClick={() => {
              onOpen(document.id);
            }}
          >
            {t('documents.open')}
          </button>
        )}
        {/* a check in progress still holds its pages: it can be deleted once it has finished (the server says 409) */}
        {status === 'inProgress' ? null : (
          <button
            type="button"
            className="button button--small button--ghost documents__delete"
            aria-label={t('dataControls.deleteCheck.buttonFor', { title: titleOf(document, t('documents.untitled')) })}
            onClick={(event) => {
              onDelete?.(document, event.currentTarget);
            }}
          >
            {t('dataControls.deleteCheck.button')}
          </button>
        )}
      </td>
    </tr>
  );
}
