import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TIMINGS } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { readGuestBalance, spendGuestTextPage } from '../session/guestCookie.ts';
import {
  accountFor,
  aiPagesFor,
  decideFileSend,
  documentsPath,
  isGroupLocked,
  isGuestAccount,
  type Account,
  type CheckGroup,
} from './account.ts';
import {
  TEXTAREA_MAX_LENGTH,
  addFilesToForm,
  checkButtonLabelKey,
  enterText,
  exceedsGuestFreePages,
  isCheckDisabled,
  removeFile,
  textStats,
  type FormContent,
} from './checkForm.ts';
import {
  ensureAccount,
  needsSignup,
  sendFiles,
  sendText,
  startTextCheck,
  submitFirstCheck,
  type CheckFlowDeps,
  type TextFlowResult,
  type VerifiedText,
} from './checkFlow.ts';
import { confirmData, confirmView, type ConfirmData } from './confirmModel.ts';
import { funnelStep } from '../tracking/funnel.ts';
import { FileZone } from './FileZone.tsx';
import {
  applyFailure,
  applyVerification,
  fileSubmitError,
  isUploadable,
  isVerifying,
  type FileItem,
} from './fileItems.ts';
import { clearFirstCheck, readFirstCheck, saveFirstCheck, takeFirstCheck } from './firstCheck.ts';
import { FirstBuyRunner } from '../commerce/FirstBuyRunner.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from './groups.ts';
import { SendButton, useSimulatedProgress } from './SendButton.tsx';
import {
  DEFAULT_SETTINGS_INPUT,
  isDefaultSettings,
  ReportSettingsFields,
  settingsProblems,
} from './ReportSettingsFields.tsx';
import type { ReportSettingsInput } from '../api/reportSettings.ts';
import { createSpacedQueue, type SpacedQueue } from './spacedQueue.ts';

type LockReason = 'student' | 'website';

const browserTimers = {
  setTimeout: (callback: () => void, ms: number): unknown => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown): void => {
    if (typeof handle === 'number') window.clearTimeout(handle);
  },
};

/**
 * The check tool's form (check-tool.md §2, §4): a text or files (drag and drop or the upload button,
 * verified one per second), the check button with a simulated progress bar, and the send flows: a guest
 * account for a visitor, verification, then send at once or the confirm modal. `groupId` makes the form
 * act inside that group (its balance, lock and documents page).
 */
export function CheckForm({ aiMode = false, groupId }: { aiMode?: boolean; groupId?: number }) {
  const { t } = useTranslation();
  const { endpoints, modals, session: sessionStore, storage, client, queryClient } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  const toErrorText = useErrorText();
  const id = useId();
  const [content, setContent] = useState<FormContent>({ text: '', files: [] });
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isWaitingForFiles, setIsWaitingForFiles] = useState(false);
  const [lockReason, setLockReason] = useState<LockReason | null>(null);
  /** The AI check chosen with the plagiarism check (issue 13, A4): off unless the user ticks it. */
  const [withAi, setWithAi] = useState(false);
  /** "Don't add this text to the Veritext index" (issue 13, A5): off unless the user ticks it. */
  const [keepOutOfIndex, setKeepOutOfIndex] = useState(false);
  /** The report's settings (issue 17), in a section that opens on demand; sent only when changed. */
  const [settings, setSettings] = useState<ReportSettingsInput>(DEFAULT_SETTINGS_INPUT);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [showSettingsErrors, setShowSettingsErrors] = useState(false);
  const progress = useSimulatedProgress(isSending || isWaitingForFiles);
  const filesRef = useRef<FileItem[]>(content.files);
  filesRef.current = content.files;

  const { text, files } = content;
  const stats = useMemo(() => textStats(text), [text]);
  const isLoggedIn = session.status === 'user' && session.profile !== null && !session.profile.is_guest;
  const isGuest = !isLoggedIn;
  const targetGroupId = isLoggedIn && groupId !== undefined ? groupId : null;

  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: targetGroupId !== null,
  });
  const group: CheckGroup | null =
    targetGroupId === null ? null : (groups.data?.find((candidate) => candidate.id === targetGroupId) ?? null);
  const groupRef = useRef<CheckGroup | null>(group);
  groupRef.current = group;

  const isLocked = lockReason !== null || isGroupLocked(group);
  const shownLock: LockReason | null = lockReason ?? (isGroupLocked(group) ? 'student' : null);
  const isOverFreePage = exceedsGuestFreePages(isGuest, stats.words);
  const labelKey = checkButtonLabelKey({ isGuest, aiMode, words: stats.words });
  const marker = aiMode ? { 'data-aidetector': '' } : { 'data-checkform': '' };

  // Form errors clear themselves after 5 s (check-tool.md §8).
  useEffect(() => {
    if (error === null) return;
    const timer = window.setTimeout(() => {
      setError(null);
    }, TIMINGS.alertDismissMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [error]);

  const updateFile = useCallback((next: FileItem) => {
    setContent((current) => ({
      ...current,
      files: current.files.map((item) => (item.id === next.id ? next : item)),
    }));
  }, []);

  /** Verifies one waiting file (POST /api/v1/text/validate with the file). */
  async function verifyFile(fileId: string): Promise<void> {
    const item = filesRef.current.find((candidate) => candidate.id === fileId);
    if (item === undefined || item.status !== 'ready-to-upload') return;
    try {
      const answer = await endpoints.validateText({ file: item.file, language: lang, groupId: targetGroupId });
      updateFile(applyVerification(item, answer));
    } catch (failure) {
      updateFile(applyFailure(item, isApiError(failure) ? failure.code : null, toErrorText(failure)));
    }
  }
  const verifyRef = useRef(verifyFile);
  verifyRef.current = verifyFile;

  // Several files are verified one per second (check-tool.md §2). The queue lives with the mounted form.
  const queueRef = useRef<SpacedQueue<string> | null>(null);
  useEffect(() => {
    const queue = createSpacedQueue<string>({ timers: browserTimers, run: (fileId) => verifyRef.current(fileId) });
    queueRef.current = queue;
    return () => {
      queue.stop();
      queueRef.current = null;
    };
  }, []);

  /** Who pays now: read when a flow runs, after any guest registration. */
  const getAccount = useCallback((): Account => {
    const state = sessionStore.getState();
    return accountFor({
      profile: state.profile,
      isLoggedIn: state.status === 'user',
      hasGuestToken: sessionStore.getApiToken() !== null,
      guestBalance: readGuestBalance() ?? null,
      group: groupRef.current,
    });
  }, [sessionStore]);

  const deps: CheckFlowDeps = useMemo(() => ({ endpoints, getAccount, spendGuestTextPage }), [endpoints, getAccount]);

  // What the AI check would cost (one AI page per document) and what the paying account has; read per render.
  // (no document when rendered outside a browser: nothing to offer)
  const aiPagesLeft = aiMode || typeof document === 'undefined' ? 0 : aiPagesFor(getAccount());
  const aiDocuments = files.length > 0 ? Math.max(1, files.filter(isUploadable).length) : 1;
  const checkAi = !aiMode && withAi && aiPagesLeft > 0;
  // the AI detector's checks join no index: the choice belongs to the plagiarism check only
  const excludeFromIndex = !aiMode && keepOutOfIndex;
  // the report's settings belong to an account's plagiarism check (a guest's report has none to change)
  const offersSettings = !aiMode && isLoggedIn;
  const reportSettings = offersSettings && !isDefaultSettings(settings) ? settings : undefined;
  const settingsFlag = useMemo(() => (reportSettings === undefined ? {} : { reportSettings }), [reportSettings]);
  const problems = settingsProblems(settings);

  const afterSent = useCallback(
    (checkId: number, sentByGuest: boolean) => {
      setContent({ text: '', files: [] });
      if (sentByGuest) modals.openModal('report', { id: checkId });
      else void navigate(documentsPath(targetGroupId));
    },
    [modals, navigate, targetGroupId],
  );

  const openSignup = useCallback(
    (pendingText: string | null) => {
      if (pendingText !== null)
        saveFirstCheck(storage, {
          text: pendingText,
          language: lang,
          ...(excludeFromIndex ? { excludeFromIndex: true } : {}),
        });
      modals.openModal('signup');
    },
    [storage, lang, modals, excludeFromIndex],
  );

  /** A refusal on sending: sign up (guest without pages), a lock, or the message as the form error. */
  const handleSendError = useCallback(
    (failure: unknown, pendingText: string | null, sentByGuest: boolean) => {
      if (sentByGuest && needsSignup(failure)) {
        openSignup(pendingText);
        return;
      }
      if (isApiError(failure) && failure.code === 'new_checks_locked') setLockReason('student');
      else if (isApiError(failure) && failure.code === 'website_checks_disabled') setLockReason('website');
      else setError(toErrorText(failure));
      clearFirstCheck(storage);
    },
    [openSignup, toErrorText, storage],
  );

  const runSend = useCallback(
    async (verified: VerifiedText, cutWords: number | null, account: Account, withAiCheck: boolean) => {
      const sentByGuest = isGuestAccount(account);
      setIsSending(true);
      try {
        const sent = await sendText(deps, {
          verified,
          cutWords,
          isGuest: sentByGuest,
          language: lang,
          groupId: targetGroupId,
          checkAi: withAiCheck,
          excludeFromIndex,
          ...settingsFlag,
        });
        afterSent(sent.id, sent.isGuest);
      } catch (failure) {
        handleSendError(failure, verified.text, sentByGuest);
      } finally {
        setIsSending(false);
      }
    },
    [deps, lang, targetGroupId, afterSent, handleSendError, excludeFromIndex, settingsFlag],
  );

  function openConfirm(data: ConfirmData, actions: Record<string, () => void>): void {
    modals.openModal('confirm', { data, ...actions });
  }

  function handleTextResult(result: TextFlowResult): void {
    switch (result.kind) {
      case 'rejected':
        setError(result.message);
        clearFirstCheck(storage);
        return;
      case 'locked':
        setLockReason('student');
        return;
      case 'sent':
        afterSent(result.id, result.isGuest);
        return;
      case 'confirm': {
        const { verified, account } = result;
        const data = confirmData({
          account,
          aiMode,
          summary: { kind: 'text', pagesNeeded: verified.pages },
          aiPages: checkAi ? 1 : 0,
        });
        const view = confirmView(data);
        openConfirm(data, {
          onRun: () => void runSend(verified, null, account, checkAi),
          onRunAllowed: () => void runSend(verified, view.kind === 'text' ? view.allowedWords : null, account, checkAi),
          onSignUp: () => {
            openSignup(verified.text);
          },
        });
        return;
      }
    }
  }

  async function refreshGroup(): Promise<void> {
    if (targetGroupId === null) return;
    const fresh = await queryClient.query({
      queryKey: GROUPS_QUERY_KEY,
      queryFn: () => fetchGroups(client),
      staleTime: 0,
    });
    groupRef.current = fresh.find((candidate) => candidate.id === targetGroupId) ?? null;
  }

  async function submitText(): Promise<void> {
    const trimmed = text.trim();
    setIsSending(true);
    let account: Account | null = null;
    try {
      await refreshGroup();
      account = getAccount();
      const result = await startTextCheck(deps, {
        text: trimmed,
        aiMode,
        language: lang,
        groupId: targetGroupId,
        checkAi,
        excludeFromIndex,
        ...settingsFlag,
      });
      handleTextResult(result);
    } catch (failure) {
      handleSendError(failure, trimmed, account === null || isGuestAccount(account) || !isLoggedIn);
    } finally {
      setIsSending(false);
    }
  }

  const runFileSend = useCallback(
    async (account: Account) => {
      const sentByGuest = isGuestAccount(account);
      setIsSending(true);
      try {
        const { ids, errors } = await sendFiles(deps, {
          items: filesRef.current,
          isGuest: sentByGuest,
          language: lang,
          groupId: targetGroupId,
          onUpdate: updateFile,
          checkAi,
          excludeFromIndex,
          ...settingsFlag,
        });
        const firstId = ids[0];
        if (firstId !== undefined) afterSent(firstId, sentByGuest);
        else if (errors[0] !== undefined) handleSendError(errors[0], null, sentByGuest);
      } finally {
        setIsSending(false);
      }
    },
    [deps, lang, targetGroupId, updateFile, afterSent, handleSendError, checkAi, excludeFromIndex, settingsFlag],
  );

  async function submitFiles(): Promise<void> {
    const problem = fileSubmitError(filesRef.current);
    if (problem !== null) {
      setError(t(problem));
      return;
    }
    setIsSending(true);
    try {
      await refreshGroup();
      const account = await ensureAccount(deps);
      const uploadable = filesRef.current.filter(isUploadable);
      const pages = uploadable.reduce((sum, item) => sum + item.pages, 0);
      const decision = decideFileSend({ account, pages, aiMode });
      if (decision.kind === 'locked') setLockReason('student');
      else if (decision.kind === 'send') await runFileSend(account);
      else {
        const data = confirmData({
          account,
          aiMode,
          summary: {
            kind: 'files',
            files: uploadable.map((item) => ({ name: item.name, pages: item.pages })),
            loading: false,
          },
          aiPages: checkAi ? uploadable.length : 0,
        });
        openConfirm(data, {
          onRun: () => void runFileSend(account),
          // Files are not kept for after sign-up: only a text can be a first check.
          onSignUp: () => {
            openSignup(null);
          },
        });
      }
    } catch (failure) {
      handleSendError(failure, null, !isLoggedIn);
    } finally {
      setIsSending(false);
    }
  }

  // A send with files still being verified waits for the verification to finish.
  const verifying = isVerifying(files);
  useEffect(() => {
    if (!isWaitingForFiles || verifying) return;
    setIsWaitingForFiles(false);
    void submitFiles();
  });

  // A pending first check is sent once the user is logged in (check-tool.md §4).
  useEffect(() => {
    if (!isLoggedIn || readFirstCheck(storage) === null) return;
    const pending = takeFirstCheck(storage);
    if (pending === null) return;
    setIsSending(true);
    submitFirstCheck(deps, {
      text: pending.text,
      language: pending.language,
      groupId: targetGroupId,
      ...(pending.excludeFromIndex === true ? { excludeFromIndex: true } : {}),
    })
      .then((result) => {
        if (result.kind === 'rejected') setError(result.message);
        else afterSent(result.id, false);
      })
      .catch((failure: unknown) => {
        handleSendError(failure, null, false);
      })
      .finally(() => {
        setIsSending(false);
      });
  }, [isLoggedIn, storage, deps, targetGroupId, afterSent, handleSendError]);

  function addPicked(picked: File[]): void {
    const { content: next, added } = addFilesToForm(content, picked, { aiMode });
    if (added.length === 0) return;
    funnelStep('add-text');
    // In AI mode a new file replaces the earlier ones: stop verifying them.
    if (aiMode) queueRef.current?.remove(() => true);
    setContent(next);
    filesRef.current = next.files;
    setError(null);
    const toVerify = added.filter((item) => item.status === 'ready-to-upload').map((item) => item.id);
    if (toVerify.length > 0) queueRef.current?.enqueue(...toVerify);
  }

  const describedBy = [`${id}-counts`, isOverFreePage ? `${id}-limit` : null, error === null ? null : `${id}-error`]
    .filter((value) => value !== null)
    .join(' ');

  return (
    <section className="check-form card" aria-label={t('check.formLabel')} {...marker}>
      {/* A pending purchase (firstBuy) is taken up here too, after login or sign-up (check-tool.md §4). */}
      <FirstBuyRunner />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (isLocked || isSending) return;
          if (offersSettings && Object.keys(problems).length > 0) {
            // the settings' field errors are shown in their section: open it
            setIsSettingsOpen(true);
            setShowSettingsErrors(true);
            return;
          }
          if (files.length > 0 || text.trim() !== '') {
            // the funnel (check-tool.md §7): a guest pressing check, then the first and the second attempt
            if (isGuest) funnelStep('send-before-registration');
            if (!funnelStep('first-attempt')) funnelStep('second-attempt');
          }
          if (files.length > 0) {
            if (isVerifying(filesRef.current)) setIsWaitingForFiles(true);
            else void submitFiles();
          } else if (text.trim() !== '') void submitText();
          else setError(t('check.error.noFiles'));
        }}
      >
        <label htmlFor={`${id}-text`} className="field__label">
          {t('check.textLabel')}
        </label>
        <FileZone
          files={files}
          multiple={!aiMode}
          disabled={isLocked || isSending}
          onAdd={addPicked}
          onRemove={(fileId) => {
            queueRef.current?.remove((queued) => queued === fileId);
            setContent((current) => removeFile(current, fileId));
          }}
        >
          <textarea
            id={`${id}-text`}
            className={error === null ? 'check-form__text' : 'check-form__text is-invalid'}
            name="text"
            placeholder={files.length > 0 ? t('check.file.textReplaces') : t('check.placeholder')}
            maxLength={TEXTAREA_MAX_LENGTH}
            value={text}
            readOnly={isSending || isLocked}
            aria-invalid={error !== null}
            aria-describedby={describedBy}
            onChange={(event) => {
              const next = enterText(content, event.target.value);
              if (event.target.value.trim() !== '') funnelStep('add-text');
              if (next.files.length === 0 && files.length > 0) queueRef.current?.remove(() => true);
              setContent(next);
            }}
            onBlur={() => {
              setContent((current) => ({ ...current, text: current.text.trim() }));
            }}
          />
        </FileZone>
        <div className="check-form__footer">
          <p id={`${id}-counts`} className={isOverFreePage ? 'check-form__counts is-warning' : 'check-form__counts'}>
            <span>{t('check.words', { count: stats.words })}</span>
            <span aria-hidden="true"> · </span>
            <span>{t('check.pages', { count: stats.pages })}</span>
          </p>
          <SendButton
            label={t(labelKey)}
            disabled={isCheckDisabled({ text, locked: isLocked, fileCount: files.length, isSending })}
            progress={progress}
          />
        </div>
        {aiMode ? null : (
          <div className="check-form__ai">
            <label className="check-form__ai-choice">
              <input
                type="checkbox"
                name="check_ai"
                checked={checkAi}
                disabled={aiPagesLeft <= 0 || isLocked || isSending}
                aria-describedby={`${id}-ai-balance`}
                onChange={(event) => {
                  setWithAi(event.target.checked);
                }}
              />{' '}
              {t('check.withAi.label')} — {t('check.withAi.cost', { count: aiDocuments })}
            </label>{' '}
            <span id={`${id}-ai-balance`} className="check-form__ai-balance">
              {aiPagesLeft > 0 ? t('check.withAi.balance', { count: aiPagesLeft }) : t('check.withAi.none')}
            </span>
          </div>
        )}
        {aiMode ? null : (
          <div className="check-form__index">
            <label className="check-form__index-choice">
              <input
                type="checkbox"
                name="exclude_from_index"
                checked={keepOutOfIndex}
                disabled={isLocked || isSending}
                aria-describedby={`${id}-index-hint`}
                onChange={(event) => {
                  setKeepOutOfIndex(event.target.checked);
                }}
              />{' '}
              {t('dataControls.excludeFromIndex.label')}
            </label>
            <p id={`${id}-index-hint`} className="check-form__index-hint">
              {t('dataControls.excludeFromIndex.hint')}
            </p>
          </div>
        )}
        {offersSettings ? (
          <div className="check-form__settings">
            <button
              type="button"
              className="check-form__settings-toggle link-button"
              aria-expanded={isSettingsOpen}
              aria-controls={`${id}-settings`}
              onClick={() => {
                setIsSettingsOpen((open) => !open);
              }}
            >
              <span aria-hidden="true">{isSettingsOpen ? '▾' : '▸'}</span> {t('checkSettings.title')}
              {reportSettings === undefined ? null : (
                <span className="pill check-form__settings-changed">{t('checkSettings.changed')}</span>
              )}
            </button>
            <div id={`${id}-settings`} hidden={!isSettingsOpen}>
              <p className="check-form__settings-lead">{t('checkSettings.lead')}</p>
              <ReportSettingsFields
                idPrefix={`${id}-settings`}
                value={settings}
                onChange={setSettings}
                disabled={isLocked || isSending}
                errors={{
                  ...(!showSettingsErrors || problems.excludeBelowPercent === undefined
                    ? {}
                    : { excludeBelowPercent: t(problems.excludeBelowPercent) }),
                  ...(!showSettingsErrors || problems.customAuthor === undefined
                    ? {}
                    : { customAuthor: t(problems.customAuthor) }),
                }}
              />
            </div>
          </div>
        ) : null}
        {isOverFreePage ? (
          <p id={`${id}-limit`} className="check-form__limit" role="note">
            {t('check.guestLimit')}
          </p>
        ) : null}
        {shownLock === null ? null : (
          <div className="alert alert--info check-form__lock" role="status">
            <p>{shownLock === 'student' ? t('check.locked.student') : t('check.locked.website')}</p>
          </div>
        )}
        <div id={`${id}-error`} aria-live="assertive">
          {error === null ? null : (
            <div className="alert alert--error" role="alert">
              <p>{error}</p>
            </div>
          )}
        </div>
        {aiMode ? <p className="check-form__hint">{t('check.aiHint')}</p> : null}
      </form>
    </section>
  );
}
