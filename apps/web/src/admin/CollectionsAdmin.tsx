import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLECTION_UPLOAD_MAX_FILES, type Collection, type CollectionImport } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { UploadProgress } from '../api/uploadWithProgress.ts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { UploadActions } from './UploadActions.tsx';
import {
  addToSelection,
  COLLECTION_FILE_ACCEPT,
  EMPTY_SELECTION,
  filesFromEntries,
  formatBytes,
  importProgress,
  isImportFinished,
  percentOf,
  selectionProblem,
  suggestCollectionName,
  totalBytes,
  validateCollectionName,
  type DroppedEntry,
  type SkipReason,
  type UploadSelection,
} from './collectionUpload.ts';
import { useDropTarget } from '../components/useDropTarget.ts';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { formatCount } from '../i18n/format.ts';
import { WikipediaUploadForm } from './WikipediaUpload.tsx';

export const COLLECTIONS_QUERY_KEY = ['admin', 'collections'] as const;
const POLL_MS = 1000;

const STATE_KEYS = {
  queued: 'admin.import.state.queued',
  running: 'admin.import.state.running',
  done: 'admin.import.state.done',
  failed: 'admin.import.state.failed',
} as const satisfies Record<CollectionImport['state'], string>;

const SKIP_KEYS = {
  type: 'admin.upload.skipReason.type',
  tooLarge: 'admin.upload.skipReason.tooLarge',
  duplicate: 'admin.upload.skipReason.duplicate',
} as const satisfies Record<SkipReason, string>;

/** The progress of one import, polled every second until it is done or failed. */
export function ImportStatus({ id, onFinished }: { id: number; onFinished?: (imp: CollectionImport) => void }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const query = useQuery({
    queryKey: ['admin', 'collection-import', id],
    queryFn: () => endpoints.getCollectionImport(id),
    refetchInterval: (current) =>
      current.state.status === 'error' ||
      (current.state.data !== undefined && isImportFinished(current.state.data.state))
        ? false
        : POLL_MS,
  });
  const finishedState = query.data !== undefined && isImportFinished(query.data.state) ? query.data : null;
  const reported = useRef(false);
  useEffect(() => {
    if (finishedState === null || reported.current) return;
    reported.current = true;
    onFinished?.(finishedState);
  }, [finishedState, onFinished]);

  if (query.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {describeError(query.error)}
      </p>
    );
  }
  const imp = query.data;
  if (imp === undefined)
    return <ProgressBar label={t('admin.import.label')} percent={null} valueText={t('common.loading')} />;
  const progress = importProgress(imp);
  const counts =
    imp.wikipedia === null
      ? t('admin.import.counts', {
          done: count(imp.done),
          failed: count(imp.failed),
          total: progress.total === null ? '…' : count(progress.total),
        })
      : t('admin.wikipedia.counts', {
          pages: count(imp.wikipedia.pages),
          done: count(imp.done),
          redirect: count(imp.wikipedia.skipped.redirect),
          namespace: count(imp.wikipedia.skipped.namespace),
          disambiguation: count(imp.wikipedia.skipped.disambiguation),
          short: count(imp.wikipedia.skipped.short),
        });
  return (
    <div className="admin-import" data-state={imp.state}>
      <p className="admin-import__state">
        <strong>{imp.name}</strong> — {t(STATE_KEYS[imp.state])}
      </p>
      <ProgressBar label={t('admin.import.label')} percent={progress.percent} valueText={counts} />
      <p className="admin-import__counts">{counts}</p>
      {/* announced once per state, not on every poll */}
      <p className="visually-hidden" role="status">
        {isImportFinished(imp.state) ? `${t(STATE_KEYS[imp.state])}. ${counts}` : t(STATE_KEYS[imp.state])}
      </p>
      {imp.error === null ? null : (
        <p className="alert alert--error" role="alert">
          {imp.error}
        </p>
      )}
      {imp.failures.length === 0 ? null : (
        <details className="admin-import__failures">
          <summary>{t('admin.import.failures', { count: imp.failed, number: count(imp.failed) })}</summary>
          <ul>
            {imp.failures.map((f, index) => (
              <li key={`${f.file}:${String(f.line ?? '')}:${String(index)}`}>
                <code>{f.line === undefined ? f.file : `${f.file}:${String(f.line)}`}</code> — {f.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function CollectionRow({ collection }: { collection: Collection }) {
  const { t, i18n } = useTranslation();
  const { endpoints, queryClient } = useServices();
  const describeError = useErrorText();
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'removing'>('idle');
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement | null>(null);
  const removeRef = useRef<HTMLButtonElement | null>(null);
  const wasConfirming = useRef(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  useEffect(() => {
    if (phase === 'confirm') cancelRef.current?.focus();
    else if (phase === 'idle' && wasConfirming.current) removeRef.current?.focus();
    wasConfirming.current = phase === 'confirm';
  }, [phase]);

  async function remove(): Promise<void> {
    setPhase('removing');
    setError(null);
    try {
      await endpoints.removeCollection(collection.name);
      await queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
    } catch (caught) {
      setError(describeError(caught));
      setPhase('idle');
    }
  }

  return (
    <tr>
      <td data-label={t('admin.list.name')}>
        <span className="admin-collections__name">{collection.name}</span>
        {collection.title !== collection.name ? <span className="muted"> · {collection.title}</span> : null}
      </td>
      <td data-label={t('admin.list.documents')}>{formatCount(collection.documents, i18n.language)}</td>
      <td data-label={t('admin.list.words')}>{formatCount(collection.words, i18n.language)}</td>
      <td data-label={t('admin.list.updated')}>
        <time dateTime={collection.updated}>{date.format(new Date(collection.updated))}</time>
      </td>
      <td className="admin-collections__actions">
        {phase === 'confirm' ? (
          <div
            className="admin-confirm"
            role="group"
            aria-label={t('admin.remove.confirmLabel', { name: collection.name })}
          >
            <span>
              {t('admin.remove.question', {
                name: collection.name,
                count: collection.documents,
                number: formatCount(collection.documents, i18n.language),
              })}
            </span>
            <button type="button" className="button button--small admin-button--danger" onClick={() => void remove()}>
              {t('admin.remove.confirm')}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setPhase('idle');
              }}
            >
              {t('admin.remove.cancel')}
            </button>
          </div>
        ) : (
          <button
            ref={removeRef}
            type="button"
            className="button button--small button--ghost"
            disabled={phase === 'removing'}
            aria-label={t('admin.remove.label', { name: collection.name })}
            onClick={() => {
              setPhase('confirm');
            }}
          >
            {phase === 'removing' ? <Spinner size="sm" /> : null}
            {phase === 'removing' ? t('admin.remove.removing') : t('admin.remove.button')}
          </button>
        )}
        {error === null ? null : (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

export function CollectionsTable() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const headingId = useId();
  const query = useQuery({ queryKey: COLLECTIONS_QUERY_KEY, queryFn: () => endpoints.listCollections() });

  return (
    <section className="card admin-collections" aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId}>{t('admin.list.title')}</h2>
      {query.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : query.isError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {t('admin.list.loadFailed')} {describeError(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          {query.data.imports.length === 0 ? null : (
            <div className="admin-collections__open">
              <h3>{t('admin.import.open')}</h3>
              {query.data.imports.map((imp) => (
                <ImportStatus key={imp.id} id={imp.id} />
              ))}
            </div>
          )}
          {query.data.collections.length === 0 ? (
            <p className="muted">{t('admin.list.empty')}</p>
          ) : (
            <table className="admin-collections__table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.list.name')}</th>
                  <th scope="col">{t('admin.list.documents')}</th>
                  <th scope="col">{t('admin.list.words')}</th>
                  <th scope="col">{t('admin.list.updated')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.collections.map((collection) => (
                  <CollectionRow key={collection.name} collection={collection} />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

type UploadPhase =
  { kind: 'editing' } | { kind: 'uploading'; progress: UploadProgress } | { kind: 'importing'; id: number };

function droppedEntries(items: DataTransferItemList): DroppedEntry[] {
  const entries: DroppedEntry[] = [];
  for (const item of Array.from(items)) {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry() : null;
    if (entry !== null) entries.push(entry as unknown as DroppedEntry);
  }
  return entries;
}

export function UploadForm() {
  const { t, i18n } = useTranslation();
  const { endpoints, session, queryClient } = useServices();
  const describeError = useErrorText();
  const ids = {
    name: useId(),
    title: useId(),
    files: useId(),
    heading: useId(),
    nameHint: useId(),
    nameError: useId(),
  };
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [isNameTouched, setIsNameTouched] = useState(false);
  const [selection, setSelection] = useState<UploadSelection<File>>(EMPTY_SELECTION);
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const filesInput = useRef<HTMLInputElement | null>(null);
  const folderInput = useRef<HTMLInputElement | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const nameProblem = validateCollectionName(name);
  const showNameProblem = nameProblem !== null && (isNameTouched || isSubmitted);
  const problem = selectionProblem(selection);
  const isBusy = phase.kind !== 'editing';

  const { isDragging, handlers: dropHandlers } = useDropTarget({
    disabled: isBusy,
    onDrop: (data) => {
      const entries = droppedEntries(data.items);
      const fallback = Array.from(data.files).map((file) => ({ file }));
      if (entries.length === 0) {
        add(fallback);
        return;
      }
      filesFromEntries(entries).then(add, () => {
        add(fallback);
      });
    },
  });

  function add(picked: { file: File; path?: string }[]): void {
    if (picked.length === 0) return;
    setSelection((current) => addToSelection(current, picked));
    setError(null);
    // a folder names the collection when no name has been typed
    const first = picked[0]?.path ?? picked[0]?.file.webkitRelativePath ?? '';
    if (name === '' && first.includes('/')) setName(suggestCollectionName(first.split('/')[0] ?? ''));
  }

  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameProblem !== null) {
      nameInput.current?.focus();
      return;
    }
    if (problem !== null) return;
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', progress: { loaded: 0, total: totalBytes(selection) } });
    try {
      const started = await endpoints.uploadCollection(
        { name, title, items: selection.items },
        {
          apiToken: session.getApiToken(),
          signal: controller.signal,
          onProgress: (progress) => {
            setPhase({ kind: 'uploading', progress });
          },
        },
      );
      setPhase({ kind: 'importing', id: started.id });
    } catch (caught) {
      setPhase({ kind: 'editing' });
      if (!(isApiError(caught) && caught.code === 'aborted')) setError(describeError(caught));
    } finally {
      abort.current = null;
    }
  }

  function reset(): void {
    setSelection(EMPTY_SELECTION);
    setName('');
    setTitle('');
    setIsNameTouched(false);
    setIsSubmitted(false);
    setPhase({ kind: 'editing' });
  }

  const problemText =
    problem === 'tooManyFiles'
      ? t('admin.upload.tooManyFiles', { max: COLLECTION_UPLOAD_MAX_FILES })
      : problem === 'tooLarge'
        ? t('admin.upload.tooLarge')
        : problem === 'noFiles' && isSubmitted
          ? t('admin.upload.noFiles')
          : null;

  return (
    <section className="card admin-upload" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('admin.upload.title')}</h2>
      {phase.kind === 'importing' ? (
        <div className="stack">
          <ImportStatus
            id={phase.id}
            onFinished={() => {
              void queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
            }}
          />
          <button type="button" className="button button--small" onClick={reset}>
            {t('admin.upload.another')}
          </button>
        </div>
      ) : (
        <form className="form admin-upload__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className={showNameProblem ? 'field field--invalid' : 'field'}>
            <label htmlFor={ids.name} className="field__label">
              {t('admin.upload.name')}
            </label>
            <input
              ref={nameInput}
              id={ids.name}
              className="field__input"
              value={name}
              disabled={isBusy}
              autoComplete="off"
              spellCheck={false}
              maxLength={63}
              aria-invalid={showNameProblem}
              aria-describedby={showNameProblem ? `${ids.nameHint} ${ids.nameError}` : ids.nameHint}
              onChange={(event) => {
                setName(event.target.value);
              }}
              onBlur={() => {
                setIsNameTouched(true);
              }}
            />
            <p id={ids.nameHint} className="field__hint">
              {t('admin.upload.nameHint')}
            </p>
            {showNameProblem ? (
              <p id={ids.nameError} className="field__error">
                {t(nameProblem === 'required' ? 'admin.upload.nameRequired' : 'admin.upload.nameInvalid')}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={ids.title} className="field__label">
              {t('admin.upload.titleLabel')} <span className="muted">({t('common.optional')})</span>
            </label>
            <input
              id={ids.title}
              className="field__input"
              value={title}
              disabled={isBusy}
              maxLength={200}
              onChange={(event) => {
                setTitle(event.target.value);
              }}
            />
          </div>

          <div className={isDragging ? 'admin-drop is-dragging' : 'admin-drop'} {...dropHandlers}>
            <p id={ids.files} className="admin-drop__hint">
              {t('admin.upload.dropHint')}
            </p>
            <div className="admin-drop__buttons">
              <button
                type="button"
                className="button button--small"
                disabled={isBusy}
                aria-describedby={ids.files}
                onClick={() => filesInput.current?.click()}
              >
                {t('admin.upload.chooseFiles')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={isBusy}
                aria-describedby={ids.files}
                onClick={() => folderInput.current?.click()}
              >
                {t('admin.upload.chooseFolder')}
              </button>
            </div>
            <input
              ref={filesInput}
              type="file"
              multiple
              accept={COLLECTION_FILE_ACCEPT}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = Array.from(event.target.files ?? []).map((file) => ({ file }));
                event.target.value = '';
                add(picked);
              }}
            />
            <input
              ref={folderInput}
              type="file"
              multiple
              // not in React's types; passed through to the element as written
              {...{ webkitdirectory: '', directory: '' }}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = Array.from(event.target.files ?? []).map((file) => ({ file }));
                event.target.value = '';
                add(picked);
              }}
            />
          </div>

          <div className="admin-selection" aria-live="polite">
            {selection.items.length === 0 ? null : (
              <p>
                {t('admin.upload.selected', {
                  count: selection.items.length,
                  number: formatCount(selection.items.length, i18n.language),
                  size: formatBytes(totalBytes(selection), i18n.language),
                })}{' '}
                <button
                  type="button"
                  className="link-button"
                  disabled={isBusy}
                  onClick={() => {
                    setSelection(EMPTY_SELECTION);
                  }}
                >
                  {t('admin.upload.clear')}
                </button>
              </p>
            )}
            {selection.skipped.length === 0 ? null : (
              <details>
                <summary>
                  {t('admin.upload.skipped', {
                    count: selection.skipped.length,
                    number: formatCount(selection.skipped.length, i18n.language),
                  })}
                </summary>
                <ul>
                  {selection.skipped.map((s, index) => (
                    <li key={`${s.path}:${String(index)}`}>
                      <code>{s.path}</code> — {t(SKIP_KEYS[s.reason])}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {selection.items.length === 0 ? null : (
              <details>
                <summary>{t('admin.upload.showFiles')}</summary>
                <ul className="admin-selection__files">
                  {selection.items.map((item) => (
                    <li key={item.path}>
                      <code>{item.path}</code>{' '}
                      <span className="muted">{formatBytes(item.file.size, i18n.language)}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {problemText === null ? null : (
              <p className="field__error" role="alert">
                {problemText}
              </p>
            )}
          </div>

          {phase.kind === 'uploading' ? (
            <div className="stack">
              <ProgressBar
                label={t('admin.upload.progressLabel')}
                percent={percentOf(phase.progress.loaded, phase.progress.total)}
                valueText={t('admin.upload.progress', {
                  sent: formatBytes(phase.progress.loaded, i18n.language),
                  total: formatBytes(phase.progress.total ?? totalBytes(selection), i18n.language),
                })}
              />
              <p className="visually-hidden" role="status">
                {t('admin.upload.uploading')}
              </p>
              <p className="muted">
                {t('admin.upload.progress', {
                  sent: formatBytes(phase.progress.loaded, i18n.language),
                  total: formatBytes(phase.progress.total ?? totalBytes(selection), i18n.language),
                })}
              </p>
            </div>
          ) : null}

          {error === null ? null : (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}

          <UploadActions
            isBusy={isBusy}
            isUploading={phase.kind === 'uploading'}
            onCancel={() => {
              abort.current?.abort();
            }}
          />
        </form>
      )}
    </section>
  );
}

/** The page's content: only for site administrators (the server checks too). */
export function CollectionsAdmin() {
  const { t } = useTranslation();
  const session = useSession();
  const { queryClient } = useServices();
  if (session.profile?.is_admin !== true) {
    return (
      <div className="alert alert--info admin-only" role="alert">
        <p>
          <strong>{t('admin.only.title')}</strong>
        </p>
        <p>{t('admin.only.body')}</p>
      </div>
    );
  }
  return (
    <div className="admin-grid">
      <UploadForm />
      <WikipediaUploadForm
        status={(id) => (
          <ImportStatus
            id={id}
            onFinished={() => {
              void queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
            }}
          />
        )}
        onStarted={() => {
          void queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
        }}
      />
      <CollectionsTable />
    </div>
  );
}
