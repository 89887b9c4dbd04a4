import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { folderNameProblem, shareUrl, type FolderNode } from './folderTree.ts';

/** The message of a folder-name problem (the spec's "empty folder name", "folder already exists"). */
function useNameMessage(): (problem: ReturnType<typeof folderNameProblem>) => string | null {
  const { t } = useTranslation();
  return (problem) => {
    if (problem === 'empty') return t('folders.name.empty');
    if (problem === 'tooLong') return t('folders.name.tooLong');
    if (problem === 'exists') return t('folders.name.exists');
    return null;
  };
}

/** Buttons at the bottom of a dialog's form: Cancel, then the action with its progress. */
function DialogActions({
  busy,
  label,
  busyLabel,
  onCancel,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal__actions">
      <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
        {t('folders.cancel')}
      </button>
      <button
        type="submit"
        className={danger ? 'button button--danger' : 'button button--primary'}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Spinner size="sm" /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/**
 * Create or rename a folder, or rename a document: one text field with its field message (checked here first,
 * then the server's answer). Render inside a Dialog.Root whose `open` the caller controls.
 */
export function NameDialog({
  title,
  label,
  initial,
  submitLabel,
  busyLabel,
  siblings,
  exceptId = null,
  kind,
  onSubmit,
  onCancel,
}: {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  busyLabel: string;
  /** The folders the name must differ from (a folder's siblings); none for a document. */
  siblings: readonly Folder[];
  exceptId?: number | null;
  kind: 'folder' | 'document';
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorText();
  const nameMessage = useNameMessage();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    const problem = folderNameProblem(value, kind === 'folder' ? siblings : [], exceptId);
    if (problem !== null) {
      setError(kind === 'document' && problem === 'empty' ? t('folders.document.titleEmpty') : nameMessage(problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.replace(/\s+/g, ' ').trim());
    } catch (caught) {
      setError(describeError(caught));
      setBusy(false);
    }
  }

  return (
    <ModalFrame title={title} size="sm">
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={error === null ? 'field' : 'field field--invalid'}>
          <label htmlFor={inputId} className="field__label">
            {label}
          </label>
          <input
            id={inputId}
            className="field__input"
            value={value}
            maxLength={kind === 'folder' ? 100 : 200}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          {error === null ? null : (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogActions busy={busy} label={submitLabel} busyLabel={busyLabel} onCancel={onCancel} />
      </form>
    </ModalFrame>
  );
}

/** A confirmation with one dangerous action (delete a folder, delete documents). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const describeError = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(describeError(caught));
      setBusy(false);
    }
  }
  return (
    <ModalFrame title={title} description={description} size="sm">
      <form onSubmit={(event) => void submit(event)}>
        {error === null ? null : (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <DialogActions busy={busy} label={confirmLabel} busyLabel={busyLabel} onCancel={onCancel} danger />
      </form>
    </ModalFrame>
  );
}

/** Move documents to a folder: a radio group of the folders the caller may write into, and "no folder". */
export function MoveDialog({
  count,
  targets,
  current,
  onMove,
  onCancel,
}: {
  count: number;
  targets: readonly FolderNode[];
  current: number | null;
  onMove: (folderId: number | null) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorText();
  const legendId = useId();
  const [choice, setChoice] = useState<string>(current === null ? 'root' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: SyntheticEvent): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onMove(choice === 'root' ? null : Number(choice));
    } catch (caught) {
      setError(describeError(caught));
      setBusy(false);
    }
  }
  return (
    <ModalFrame title={t('folders.move.title', { count })} description={t('folders.move.description')} size="sm">
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="folder-move" aria-labelledby={legendId}>
          <legend id={legendId} className="visually-hidden">
            {t('folders.move.legend')}
          </legend>
          <label className="folder-move__option">
            <input
              type="radio"
              name="folder"
              value="root"
              checked={choice === 'root'}
              onChange={() => {
                setChoice('root');
              }}
            />
            <span>{t('folders.move.root')}</span>
          </label>
          {targets.map((node) => (
            <label
              key={node.folder.id}
              className="folder-move__option"
              style={{ paddingInlineStart: `calc(${String(node.depth)} * var(--space-4) + var(--space-2))` }}
            >
              <input
                type="radio"
                name="folder"
                value={String(node.folder.id)}
                checked={choice === String(node.folder.id)}
                onChange={() => {
                  setChoice(String(node.folder.id));
                }}
              />
              <span>
                {node.folder.name}
                {node.folder.is_owner ? null : (
                  <span className="folder-move__owner">
                    {' '}
                    · {t('folders.sharedBy', { name: node.folder.owner.name })}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        {targets.length === 0 ? <p className="field__hint">{t('folders.move.none')}</p> : null}
        {error === null ? null : (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <DialogActions
          busy={busy}
          label={t('folders.move.submit')}
          busyLabel={t('folders.move.busy')}
          onCancel={onCancel}
        />
      </form>
    </ModalFrame>
  );
}

/**
 * Share a folder: its link (made on demand, copied, revoked) and, in an organisation, its access list (members
 * named by e-mail). Personal folders are shared by link only.
 */
export function ShareDialog({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const describeError = useErrorText();
  const emailId = useId();
  const emailErrorId = useId();
  const linkId = useId();
  const key = ['folder-access', folder.id] as const;
  const access = useQuery({ queryKey: key, queryFn: () => endpoints.folderAccess(folder.id) });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'link' | 'revoke' | 'add' | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const link = access.data?.link_token ?? null;
  const url = link === null ? null : shareUrl(window.location.origin, link);

  async function run(what: typeof busy, action: () => Promise<void>, done: string): Promise<void> {
    setBusy(what);
    setError(null);
    setNotice('');
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ['folders'] });
      setNotice(done);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  }

  function addMember(event: SyntheticEvent): void {
    event.preventDefault();
    const typed = email.trim();
    if (typed === '') {
      setEmailError(t('folders.share.emailRequired'));
      return;
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setEmailError(t('folders.share.emailInvalid'));
      return;
    }
    setEmailError(null);
    void run(
      'add',
      async () => {
        try {
          await endpoints.addFolderAccess(folder.id, typed);
        } catch (caught) {
          setEmailError(describeError(caught));
          throw caught;
        }
        setEmail('');
      },
      t('folders.share.added', { email: typed }),
    );
  }

  return (
    <ModalFrame title={t('folders.share.title', { name: folder.name })} description={t('folders.share.description')}>
      {access.isPending ? (
        <p className="folder-share__loading" role="status">
          <Spinner size="sm" /> {t('common.loading')}
        </p>
      ) : access.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(access.error)}
        </p>
      ) : (
        <>
          <section className="folder-share__section" aria-labelledby={linkId}>
            <h3 id={linkId} className="folder-share__heading">
              {t('folders.share.linkTitle')}
            </h3>
            {url === null ? (
              <>
                <p className="field__hint">
                  {folder.group_id === null ? t('folders.share.linkHintPersonal') : t('folders.share.linkHintGroup')}
                </p>
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy !== null}
                  aria-busy={busy === 'link'}
                  onClick={() =>
                    void run(
                      'link',
                      async () => {
                        await endpoints.createShareLink(folder.id);
                      },
                      t('folders.share.linkCreated'),
                    )
                  }
                >
                  {busy === 'link' ? <Spinner size="sm" /> : null}
                  {t('folders.share.createLink')}
                </button>
              </>
            ) : (
              <>
                <div className="folder-share__link">
                  <input
                    className="field__input"
                    readOnly
                    value={url}
                    aria-label={t('folders.share.linkLabel')}
                    onFocus={(event) => {
                      event.currentTarget.select();
                    }}
                  />
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      void navigator.clipboard
                        .writeText(url)
                        .then(() => {
                          setNotice(t('folders.share.copied'));
                        })
                        .catch(() => {
                          setNotice(t('folders.share.copyFailed'));
                        });
                    }}
                  >
                    {t('folders.share.copy')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={busy !== null}
                    aria-busy={busy === 'revoke'}
                    onClick={() =>
                      void run('revoke', () => endpoints.revokeShareLink(folder.id), t('folders.share.revoked'))
                    }
                  >
                    {busy === 'revoke' ? <Spinner size="sm" /> : null}
                    {t('folders.share.revoke')}
                  </button>
                </div>
              </>
            )}
          </section>
          {folder.group_id === null ? (
            <p className="field__hint">{t('folders.share.personalOnlyLink')}</p>
          ) : (
            <section className="folder-share__section" aria-labelledby={emailId + '-title'}>
              <h3 id={emailId + '-title'} className="folder-share__heading">
                {t('folders.share.accessTitle')}
              </h3>
              <form className="folder-share__add" noValidate onSubmit={addMember}>
                <div className={emailError === null ? 'field' : 'field field--invalid'}>
                  <label htmlFor={emailId} className="field__label">
                    {t('folders.share.email')}
                  </label>
                  <input
                    id={emailId}
                    className="field__input"
                    type="email"
                    value={email}
                    autoComplete="off"
                    aria-invalid={emailError !== null}
                    aria-describedby={emailError === null ? undefined : emailErrorId}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      setEmailError(null);
                    }}
                  />
                  {emailError === null ? null : (
                    <p id={emailErrorId} className="field__error" role="alert">
                      {emailError}
                    </p>
                  )}
                </div>
                <button
                  type="submit"
                  className="button button--small"
                  disabled={busy !== null}
                  aria-busy={busy === 'add'}
                >
                  {busy === 'add' ? <Spinner size="sm" /> : null}
                  {t('folders.share.add')}
                </button>
              </form>
              {access.data.access.length === 0 ? (
                <p className="field__hint">{t('folders.share.nobody')}</p>
              ) : (
                <ul className="folder-share__people">
                  {access.data.access.map((person) => (
                    <li key={person.user_id} className="folder-share__person">
                      <span>
                        <span className="folder-share__name">
                          {person.name.trim() === '' ? person.email : person.name}
                        </span>
                        <span className="folder-share__email">
                          {person.email} ·{' '}
                          {person.via === 'link' ? t('folders.share.viaLink') : t('folders.share.viaMember')}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        disabled={busy !== null}
                        aria-busy={busy === person.user_id}
                        aria-label={t('folders.share.removeFor', {
                          name: person.name.trim() === '' ? person.email : person.name,
                        })}
                        onClick={() =>
                          void run(
                            person.user_id,
                            async () => {
                              await endpoints.removeFolderAccess(folder.id, person.user_id);
                            },
                            t('folders.share.removed'),
                          )
                        }
                      >
                        {t('folders.share.remove')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </>
      )}
      <p className="folder-share__notice" role="status">
        {notice}
      </p>
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('folders.share.done')}
        </button>
      </div>
    </ModalFrame>
  );
}
