import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberUploadResponse } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { UploadProgress } from '../api/uploadWithProgress.ts';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { formatBytes, percentOf } from '../admin/collectionUpload.ts';
import { formatCount } from '../i18n/format.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  MEMBER_FILE_ACCEPT,
  MEMBER_FILE_COLUMNS,
  MEMBER_FILE_MAX_MB,
  memberFileProblem,
  membersQueryKey,
  outcomeBadge,
  rowMessageKey,
  sampleMembersCsv,
  uploadCounts,
  type MemberFileProblem,
} from './members.ts';
import { useDropTarget } from '../components/useDropTarget.ts';

type UploadData = MemberUploadResponse['data'];
type Phase =
  | { kind: 'editing' }
  | { kind: 'uploading'; progress: UploadProgress }
  | { kind: 'done'; fileName: string; data: UploadData };

/** The example rows of the sample file: role names as the server reads them (Teacher, Student). */
const SAMPLE_ROWS = [
  ['Ana García', 'ana.garcia@example.edu', '50', 'Student'],
  ['Luis Pérez', 'luis.perez@example.edu', '', 'Teacher'],
] as const;

/** The column note: Name, E-mail, Limit (optional), Role (optional, Teacher or Student); the size limit. */
export function MemberFileNote({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <div className="members-note" id={id}>
      <p>{t('members.upload.columnsIntro')}</p>
      <ol className="members-note__columns">
        {MEMBER_FILE_COLUMNS.map((column) => (
          <li key={column.key}>
            {t(column.key)}
            {column.optional ? <span className="muted"> ({t('members.upload.optional')})</span> : null}
          </li>
        ))}
      </ol>
      <p className="muted">
        {t('members.upload.headerNote')} {t('members.upload.formats', { size: MEMBER_FILE_MAX_MB })}
      </p>
    </div>
  );
}

function SampleLink() {
  const { t } = useTranslation();
  const header = [
    t('members.upload.sampleHeader.name'),
    t('members.upload.sampleHeader.email'),
    t('members.upload.sampleHeader.limit'),
    t('members.upload.sampleHeader.role'),
  ];
  const csv = sampleMembersCsv(header, SAMPLE_ROWS);
  const href = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`, [csv]);
  return (
    <a className="members-note__sample" href={href} download="members.csv">
      {t('members.upload.sample')}
    </a>
  );
}

/** The per-row results of an upload: a summary (announced) and a table with an outcome badge per row. */
export function UploadResults({ fileName, data }: { fileName: string; data: UploadData }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const headingId = useId();
  const counts = uploadCounts(data);
  const problems = counts.duplicate + counts.invalid;
  useEffect(() => {
    headingRef.current?.focus();
  }, [data]);
  return (
    <div className="members-results">
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('members.results.title', { file: fileName })}
      </h3>
      <div role="status" className={problems > 0 || counts.added === 0 ? 'alert alert--info' : 'alert alert--success'}>
        <p>
          {counts.total === 0
            ? t('members.results.empty')
            : t('members.results.summary', { added: count(counts.added), total: count(counts.total) })}
          {counts.invited > 0 ? ` ${t('members.results.invited', { count: counts.invited })}` : ''}
          {problems > 0 ? ` ${t('members.results.problems', { count: problems, number: count(problems) })}` : ''}
        </p>
      </div>
      {data.rows.length === 0 ? null : (
        // a scrolling box is reachable from the keyboard
        <div className="members-results__scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="members-table members-table--results">
            <caption className="visually-hidden">{t('members.results.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.results.row')}</th>
                <th scope="col">{t('members.results.member')}</th>
                <th scope="col">{t('members.results.outcome')}</th>
                <th scope="col">{t('members.results.message')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => {
                const badge = outcomeBadge(row.outcome);
                const messageKey = rowMessageKey(row.message);
                return (
                  <tr key={row.row} data-outcome={row.outcome}>
                    <th scope="row" data-label={t('members.results.row')}>
                      {row.row}
                    </th>
                    <td data-label={t('members.results.member')} className="members-results__member">
                      <span>{row.name}</span>
                      <span className="muted members-table__email">{row.email}</span>
                    </td>
                    <td data-label={t('members.results.outcome')}>
                      <span className={`badge badge--${badge.tone}`}>{t(badge.key)}</span>
                    </td>
                    <td data-label={t('members.results.message')}>
                      {messageKey === null ? row.message : t(messageKey)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const PROBLEM_KEYS = {
  type: 'members.upload.badType',
  tooLarge: 'members.upload.tooLarge',
  empty: 'members.upload.empty',
} as const satisfies Record<MemberFileProblem, string>;

/** "Upload from file": one csv, xls or xlsx file picked or dropped, sent with progress, then the results. */
export function MemberUpload({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const { endpoints, session, queryClient } = useServices();
  const describeError = useErrorText();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<MemberFileProblem | 'noFile' | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const chooseButton = useRef<HTMLButtonElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  const isBusy = phase.kind === 'uploading';
  const { isDragging, handlers: dropHandlers } = useDropTarget({
    disabled: isBusy,
    onDrop: (data) => {
      pick(data.files[0]);
    },
  });

  useEffect(() => () => abort.current?.abort(), []);

  function pick(picked: File | undefined): void {
    if (picked === undefined) return;
    setError(null);
    setProblem(memberFileProblem(picked));
    setFile(picked);
    if (phase.kind === 'done') setPhase({ kind: 'editing' });
  }

  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    if (file === null) {
      setProblem('noFile');
      chooseButton.current?.focus();
      return;
    }
    const found = memberFileProblem(file);
    setProblem(found);
    if (found !== null) return;
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', progress: { loaded: 0, total: file.size } });
    try {
      const result = await endpoints.uploadMembers(groupId, file, {
        apiToken: session.getApiToken(),
        signal: controller.signal,
        onProgress: (progress) => {
          setPhase({ kind: 'uploading', progress });
        },
      });
      setPhase({ kind: 'done', fileName: file.name, data: result.data });
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: membersQueryKey(groupId) });
    } catch (caught) {
      setPhase({ kind: 'editing' });
      if (!(isApiError(caught) && caught.code === 'aborted')) setError(describeError(caught));
    } finally {
      abort.current = null;
    }
  }

  const problemText =
    problem === null
      ? null
      : problem === 'noFile'
        ? t('members.upload.noFile')
        : t(PROBLEM_KEYS[problem], { size: MEMBER_FILE_MAX_MB });
  const sent = phase.kind === 'uploading' ? phase.progress : null;
  // every byte sent: the server is reading the rows and adding the members
  const isProcessing = sent !== null && sent.total !== null && sent.loaded >= sent.total;

  return (
    <section className="card members-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('members.upload.title')}</h2>
      <p className="muted members-card__lead">{t('members.upload.lead')}</p>
      <MemberFileNote id={`${id}-note`} />
      <SampleLink />
      <form className="members-upload" noValidate onSubmit={(event) => void submit(event)}>
        <div
          className={isDragging ? 'admin-drop members-drop is-dragging' : 'admin-drop members-drop'}
          {...dropHandlers}
        >
          <p id={`${id}-drop`} className="admin-drop__hint">
            {t('members.upload.dropHint')}
          </p>
          <div className="admin-drop__buttons">
            <button
              ref={chooseButton}
              type="button"
              className="button button--small"
              disabled={isBusy}
              aria-describedby={`${id}-drop ${id}-note`}
              onClick={() => input.current?.click()}
            >
              {t('members.upload.choose')}
            </button>
          </div>
          <input
            ref={input}
            type="file"
            accept={MEMBER_FILE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              pick(picked);
            }}
          />
        </div>

        <div className="members-upload__file" aria-live="polite">
          {file === null ? null : (
            <p>
              {t('members.upload.selected', { name: file.name, size: formatBytes(file.size, i18n.language) })}{' '}
              <button
                type="button"
                className="link-button"
                disabled={isBusy}
                aria-label={t('members.upload.clearFor', { name: file.name })}
                onClick={() => {
                  setFile(null);
                  setProblem(null);
                  chooseButton.current?.focus();
                }}
              >
                {t('members.upload.clear')}
              </button>
            </p>
          )}
          {problemText === null ? null : (
            <p className="field__error" role="alert">
              {problemText}
            </p>
          )}
        </div>

        {sent === null ? null : (
          <div className="stack members-upload__progress">
            <ProgressBar
              label={t('members.upload.progressLabel')}
              percent={isProcessing ? null : percentOf(sent.loaded, sent.total)}
              valueText={
                isProcessing
                  ? t('members.upload.processing')
                  : t('members.upload.progress', {
                      sent: formatBytes(sent.loaded, i18n.language),
                      total: formatBytes(sent.total ?? file?.size ?? 0, i18n.language),
                    })
              }
            />
            <p className="visually-hidden" role="status">
              {isProcessing ? t('members.upload.processing') : t('members.upload.uploading')}
            </p>
            <p className="muted" aria-hidden="true">
              {isProcessing
                ? t('members.upload.processing')
                : t('members.upload.progress', {
                    sent: formatBytes(sent.loaded, i18n.language),
                    total: formatBytes(sent.total ?? file?.size ?? 0, i18n.language),
                  })}
            </p>
          </div>
        )}

        {error === null ? null : (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}

        <div className="admin-upload__actions">
          <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? <Spinner size="sm" /> : null}
            {isBusy ? t('members.upload.uploading') : t('members.upload.submit')}
          </button>
          {isBusy && !isProcessing ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                abort.current?.abort();
              }}
            >
              {t('members.upload.cancel')}
            </button>
          ) : null}
        </div>
      </form>
      {phase.kind === 'done' ? <UploadResults fileName={phase.fileName} data={phase.data} /> : null}
    </section>
  );
}
