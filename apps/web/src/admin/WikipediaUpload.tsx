import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import type { UploadProgress } from '../api/uploadWithProgress.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { UploadActions } from './UploadActions.tsx';
import { formatBytes, percentOf, validateCollectionName } from './collectionUpload.ts';
import { dumpProblem, suggestWikipediaName, WIKIPEDIA_DUMP_ACCEPT } from './wikipediaUpload.ts';

type Phase = { kind: 'editing' } | { kind: 'uploading'; progress: UploadProgress } | { kind: 'importing'; id: number };

const PROBLEM_KEYS = {
  noFile: 'admin.wikipedia.noFile',
  type: 'admin.wikipedia.notADump',
  tooLarge: 'admin.wikipedia.tooLarge',
} as const;

/**
 * A Wikipedia dump uploaded whole (POST /api/v1/admin/collections/wikipedia/, written to the server's disk as it
 * arrives) and imported by a job; `status` shows its progress as the page shows the other imports', and `onStarted`
 * says an import was queued.
 */
export function WikipediaUploadForm({
  status,
  onStarted,
}: {
  status: (id: number) => ReactNode;
  onStarted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { endpoints, session } = useServices();
  const describeError = useErrorText();
  const ids = { heading: useId(), name: useId(), title: useId(), file: useId(), fileHint: useId(), nameError: useId() };
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const nameProblem = validateCollectionName(name);
  const problem = dumpProblem(file);
  const isBusy = phase.kind !== 'editing';

  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameProblem !== null) {
      nameInput.current?.focus();
      return;
    }
    if (problem !== null || file === null) return;
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', progress: { loaded: 0, total: file.size } });
    try {
      const started = await endpoints.uploadWikipediaDump(
        { name, title, file },
        {
          apiToken: session.getApiToken(),
          signal: controller.signal,
          onProgress: (progress) => {
            setPhase({ kind: 'uploading', progress });
          },
        },
      );
      setPhase({ kind: 'importing', id: started.id });
      onStarted();
    } catch (caught) {
      setPhase({ kind: 'editing' });
      if (!(isApiError(caught) && caught.code === 'aborted')) setError(describeError(caught));
    } finally {
      abort.current = null;
    }
  }

  function reset(): void {
    setName('');
    setTitle('');
    setFile(null);
    setIsSubmitted(false);
    setPhase({ kind: 'editing' });
  }

  const showNameProblem = nameProblem !== null && isSubmitted;
  const problemText = problem === null || (problem === 'noFile' && !isSubmitted) ? null : t(PROBLEM_KEYS[problem]);
  const progressText =
    phase.kind === 'uploading'
      ? t('admin.upload.progress', {
          sent: formatBytes(phase.progress.loaded, i18n.language),
          total: formatBytes(phase.progress.total ?? file?.size ?? 0, i18n.language),
        })
      : '';

  return (
    <section className="card admin-upload" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('admin.wikipedia.title')}</h2>
      <p className="muted">{t('admin.wikipedia.lead')}</p>
      {phase.kind === 'importing' ? (
        <div className="stack">
          {status(phase.id)}
          <button type="button" className="button button--small" onClick={reset}>
            {t('admin.wikipedia.another')}
          </button>
        </div>
      ) : (
        <form className="form admin-upload__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor={ids.file} className="field__label">
              {t('admin.wikipedia.file')}
            </label>
            <div className="admin-drop__buttons">
              <button
                id={ids.file}
                type="button"
                className="button button--small"
                disabled={isBusy}
                aria-describedby={ids.fileHint}
                onClick={() => fileInput.current?.click()}
              >
                {t('admin.wikipedia.choose')}
              </button>
              {file === null ? null : (
                <span>
                  <code>{file.name}</code> <span className="muted">{formatBytes(file.size, i18n.language)}</span>
                </span>
              )}
            </div>
            <input
              ref={fileInput}
              type="file"
              accept={WIKIPEDIA_DUMP_ACCEPT}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (picked === null) return;
                setFile(picked);
                setError(null);
                if (name === '') setName(suggestWikipediaName(picked.name));
              }}
            />
            <p id={ids.fileHint} className="field__hint">
              {t('admin.wikipedia.fileHint')}
            </p>
            {problemText === null ? null : (
              <p className="field__error" role="alert">
                {problemText}
              </p>
            )}
          </div>
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
              aria-describedby={showNameProblem ? ids.nameError : undefined}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
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

          {phase.kind === 'uploading' ? (
            <div className="stack">
              <ProgressBar
                label={t('admin.upload.progressLabel')}
                percent={percentOf(phase.progress.loaded, phase.progress.total ?? file?.size ?? null)}
                valueText={progressText}
              />
              <p className="visually-hidden" role="status">
                {t('admin.upload.uploading')}
              </p>
              <p className="muted">{progressText}</p>
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
