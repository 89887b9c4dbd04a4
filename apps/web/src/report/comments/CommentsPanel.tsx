import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_COMMENT_MAX_LENGTH, type ReportComment, type ReportCommentsResponse } from '@veritext/contracts';
import { useServices } from '../../app/ServicesContext.tsx';
import { LoadingBlock, Spinner } from '../../components/Spinner.tsx';
import { dateLocaleOf, formatCount } from '../../i18n/format.ts';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { commentBodyProblem, commentsQueryKey, orderComments, quotePreview, roleOf } from './comments.ts';
import '../../styles/report-tools.css';

export type CommentSelectionProp = { start: number; end: number; quote: string } | null;

function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** One comment: who wrote it (and as what), when, the passage it is on, what it says; Delete for its author. */
export function CommentItem({
  comment,
  language,
  onDelete,
}: {
  comment: ReportComment;
  language: string;
  /** Deletes the comment (only passed for the caller's own); rejects with the server's error. */
  onDelete?: (() => Promise<void>) | undefined;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const [stage, setStage] = useState<'idle' | 'confirm' | 'deleting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const role = roleOf(comment);
  const name =
    comment.author === null
      ? t('reportTools.comments.formerMember')
      : comment.is_mine
        ? t('reportTools.comments.you')
        : comment.author.name;
  const confirmId = useId();

  const remove = async (): Promise<void> => {
    if (onDelete === undefined) return;
    setStage('deleting');
    setError(null);
    try {
      await onDelete();
    } catch (caught) {
      setError(toErrorText(caught));
      setStage('idle');
    }
  };

  return (
    <li className="report-comment" data-comment-id={comment.id}>
      <article aria-label={t('reportTools.comments.itemLabel', { name })}>
        <header className="report-comment__head">
          <span className="report-comment__author">{name}</span>
          {role === null ? null : (
            <span className="badge report-comment__role">
              {role === 'owner' ? t('reportTools.comments.roleOwner') : t('reportTools.comments.roleTeacher')}
            </span>
          )}
          <time className="report-comment__time" dateTime={comment.created_at}>
            {formatWhen(comment.created_at, language)}
          </time>
        </header>
        {comment.quote === null ? (
          <p className="report-comment__scope">{t('reportTools.comments.onWhole')}</p>
        ) : (
          <blockquote className="report-comment__quote">
            <span className="visually-hidden">{t('reportTools.comments.onPassage')} </span>
            {quotePreview(comment.quote)}
          </blockquote>
        )}
        <p className="report-comment__body">{comment.body}</p>
        {onDelete === undefined ? null : (
          <div className="report-comment__actions">
            {stage === 'idle' ? (
              <button
                type="button"
                className="link-button report-comment__delete"
                onClick={() => {
                  setStage('confirm');
                }}
              >
                {t('reportTools.comments.delete')}
              </button>
            ) : (
              <div className="report-comment__confirm" role="group" aria-labelledby={confirmId}>
                <span id={confirmId}>{t('reportTools.comments.deleteConfirm')}</span>
                <button
                  type="button"
                  className="button button--small button--danger"
                  disabled={stage === 'deleting'}
                  aria-busy={stage === 'deleting'}
                  onClick={() => {
                    void remove();
                  }}
                >
                  {stage === 'deleting' ? <Spinner size="sm" /> : null}
                  {stage === 'deleting' ? t('reportTools.comments.deleting') : t('reportTools.comments.deleteYes')}
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={stage === 'deleting'}
                  onClick={() => {
                    setStage('idle');
                  }}
                >
                  {t('reportTools.comments.cancel')}
                </button>
              </div>
            )}
            {error === null ? null : (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/** The form of a teacher or an owner: a comment on the selected passage when there is one, else on the whole report. */
export function CommentForm({
  selection,
  onDropSelection,
  onSubmit,
}: {
  selection: CommentSelectionProp;
  onDropSelection: () => void;
  /** Sends the comment; rejects with the server's error. */
  onSubmit: (body: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const toErrorText = useErrorText();
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<'required' | 'too_long' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [status, setStatus] = useState('');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const quote = selection?.quote ?? null;

  // a new selection: the form is where the comment on it is written
  useEffect(() => {
    if (quote !== null) textarea.current?.focus();
  }, [quote]);

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const found = commentBodyProblem(body);
    setProblem(found);
    setServerError(null);
    setStatus('');
    if (found !== null) {
      textarea.current?.focus();
      return;
    }
    setIsBusy(true);
    try {
      await onSubmit(body.trim());
      setBody('');
      setStatus(t('reportTools.comments.added'));
    } catch (caught) {
      setServerError(toErrorText(caught));
    } finally {
      setIsBusy(false);
    }
  };

  const errorText =
    problem === 'required'
      ? t('reportTools.comments.required')
      : problem === 'too_long'
        ? t('reportTools.comments.tooLong', { max: formatCount(REPORT_COMMENT_MAX_LENGTH, i18n.language) })
        : null;
  const described = [`${id}-count`, errorText === null ? null : `${id}-error`].filter(Boolean).join(' ');

  return (
    <form
      className="report-comments__form form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {quote === null ? (
        <p className="report-comments__hint">{t('reportTools.comments.selectHint')}</p>
      ) : (
        <div className="report-comments__selection">
          <p className="report-comments__selection-label">{t('reportTools.comments.onSelection')}</p>
          <blockquote className="report-comment__quote">{quotePreview(quote)}</blockquote>
          <button type="button" className="link-button" onClick={onDropSelection}>
            {t('reportTools.comments.dropSelection')}
          </button>
        </div>
      )}
      <div className={errorText === null ? 'field' : 'field field--invalid'}>
        <label htmlFor={id} className="field__label">
          {quote === null ? t('reportTools.comments.labelWhole') : t('reportTools.comments.labelSelection')}
        </label>
        <textarea
          id={id}
          ref={textarea}
          className="field__input report-comments__textarea"
          rows={3}
          value={body}
          maxLength={REPORT_COMMENT_MAX_LENGTH}
          aria-invalid={errorText === null ? undefined : true}
          aria-describedby={described}
          onChange={(event) => {
            setBody(event.target.value);
            if (problem !== null) setProblem(null);
          }}
        />
        <p id={`${id}-count`} className="field__hint report-comments__count">
          {t('reportTools.comments.count', {
            used: formatCount(body.trim().length, i18n.language),
            max: formatCount(REPORT_COMMENT_MAX_LENGTH, i18n.language),
          })}
        </p>
        {errorText === null ? null : (
          <p id={`${id}-error`} className="field__error">
            {errorText}
          </p>
        )}
      </div>
      {serverError === null ? null : (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <div className="report-comments__submit">
        <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? <Spinner size="sm" /> : null}
          {isBusy ? t('reportTools.comments.submitting') : t('reportTools.comments.submit')}
        </button>
        <p className="report-comments__status" role="status">
          {status}
        </p>
      </div>
    </form>
  );
}

/** The comments as the panel shows them once loaded: the list (or that there is none) and, for teachers, the form. */
export function CommentsList({
  data,
  canComment,
  language,
  selection,
  onDropSelection,
  onAdd,
  onDelete,
}: {
  data: ReportCommentsResponse['data'];
  canComment: boolean;
  language: string;
  selection: CommentSelectionProp;
  onDropSelection: () => void;
  onAdd: (body: string) => Promise<void>;
  onDelete: (commentId: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const comments = orderComments(data.comments);
  return (
    <>
      {comments.length === 0 ? (
        <p className="report-comments__empty">{t('reportTools.comments.empty')}</p>
      ) : (
        <ol className="report-comments__list">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              language={language}
              onDelete={comment.is_mine ? () => onDelete(comment.id) : undefined}
            />
          ))}
        </ol>
      )}
      {canComment ? (
        <CommentForm selection={selection} onDropSelection={onDropSelection} onSubmit={onAdd} />
      ) : (
        <p className="report-comments__readonly">{t('reportTools.comments.readOnly')}</p>
      )}
    </>
  );
}

/**
 * The report's comments (commerce-and-cabinet.md §2, §3, §6): the list, general and on a passage (with the passage
 * quoted), and for a teacher or the owner of the check's organisation a form for a comment on the whole report or on
 * the passage selected in the text. `canComment` is the page's view; the server's own answer must agree. After a
 * comment on the selection is sent (or the writer drops the selection), `onSelectionUsed` lets the page clear it.
 */
export function CommentsPanel({
  checkId,
  canComment,
  selection,
  onSelectionUsed,
}: {
  checkId: number;
  canComment: boolean;
  selection: { start: number; end: number; quote: string } | null;
  onSelectionUsed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const headingId = useId();
  const key = commentsQueryKey(checkId);
  const query = useQuery({ queryKey: key, queryFn: () => endpoints.reportComments(checkId) });
  const [announcement, setAnnouncement] = useState('');

  const update = (change: (comments: ReportComment[]) => ReportComment[]): void => {
    queryClient.setQueryData<ReportCommentsResponse['data']>(key, (old) =>
      old === undefined ? old : { ...old, comments: change(old.comments) },
    );
  };

  const add = async (body: string): Promise<void> => {
    const comment = await endpoints.addReportComment(checkId, { body, selection });
    update((comments) => [...comments, comment]);
    if (selection !== null) onSelectionUsed();
  };

  const remove = async (commentId: number): Promise<void> => {
    await endpoints.deleteReportComment(checkId, commentId);
    update((comments) => comments.filter((comment) => comment.id !== commentId));
    setAnnouncement(t('reportTools.comments.deleted'));
  };

  const count = query.data?.comments.length ?? null;
  let body;
  if (query.isPending) {
    body = <LoadingBlock label={t('reportTools.comments.loading')} />;
  } else if (query.isError) {
    body = (
      <div className="alert alert--error" role="alert">
        <p>{t('reportTools.comments.loadFailed')}</p>
        <p>{toErrorText(query.error)}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('reportTools.comments.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <CommentsList
        data={query.data}
        canComment={canComment && query.data.can_comment}
        language={i18n.language}
        selection={selection}
        onDropSelection={onSelectionUsed}
        onAdd={add}
        onDelete={remove}
      />
    );
  }

  return (
    <section className="report-comments" aria-labelledby={headingId} data-testid="report-comments">
      <h2 id={headingId} className="report-comments__title">
        {t('reportTools.comments.title')}
        {count === null ? null : (
          <span className="pill report-comments__total">
            <span className="visually-hidden">: </span>
            {formatCount(count, i18n.language)}
          </span>
        )}
      </h2>
      {body}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}
