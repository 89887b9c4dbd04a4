import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TEXTAREA_MAX_LENGTH } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { spendGuestAiPage } from '../session/guestCookie.ts';
import { saveFirstAiCheck, takeFirstAiCheck } from '../check/firstCheck.ts';
import { FirstBuyRunner } from '../commerce/FirstBuyRunner.tsx';
import { subscriptionsPath } from '../commerce/subscriptions.ts';
import { aiRefusal, aiShortfall, type AiShortfall } from './aiShortfall.ts';
import { ActingAs } from '../check/ActingAs.tsx';
import { GroupLockPanel, useGroupLock } from '../organisation/GroupLockPanel.tsx';
import { groupIdFromSearch } from '../organisation/organisationSettings.ts';
import { checkIdFromSearch } from '../documents/aiChecks.ts';
import { AiFeedback } from './AiFeedback.tsx';
import { AiFileZone } from './AiFileZone.tsx';
import { AiReportDownload } from './AiReportDownload.tsx';
import { AiCheckDelete } from './AiCheckDelete.tsx';
import { AiResult } from './AiResult.tsx';
import {
  AI_MIN_CHARACTERS,
  aiPollState,
  aiRefetchInterval,
  countSignificantCharacters,
  failureKeys,
} from './aiDetector.ts';
import { EMPTY_INPUT, addFiles, canSubmit, changeText, removeFile, submissionOf, type AiInput } from './aiFile.ts';
import { trackEvent } from '../tracking/track.ts';

type ForceLanguage = 'en' | 'es';

/** Local-storage key of the last AI check made in this browser (a guest reopens its result from the form). */
export const LAST_AI_CHECK_KEY = 'lastAiCheck';

/** What a registered user who ran out of AI pages is offered under the message (code 1). */
function AiPagesOffer({ shortfall }: { shortfall: AiShortfall | null }) {
  const { t } = useTranslation();
  const { modals } = useServices();
  const lang = useLanguage();
  if (shortfall === null) {
    return (
      <p className="ai-detector__offer" role="status">
        <Spinner size="sm" /> {t('common.loading')}
      </p>
    );
  }
  switch (shortfall.kind) {
    case 'signUp':
      return null;
    case 'pricing':
      return (
        <p>
          <Link className="button button--primary button--small" to={subscriptionsPath(lang, '?ai=')}>
            {t('ai.seePlans')}
          </Link>
        </p>
      );
    case 'aiprice':
      return (
        <p>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => {
              modals.openModal('aiprice', shortfall.groupId === null ? {} : { groupId: shortfall.groupId });
            }}
          >
            {t('ai.buyAiPages')}
          </button>
        </p>
      );
    case 'notify':
      // a member of the organisation, not its owner (check-tool.md §8): ask the administrator, or write to us
      return (
        <>
          <p>
            <Trans i18nKey="notify.contact" components={{ here: <Link to={localisedPath('/contact-us/', lang)} /> }} />
          </p>
          <p>
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => {
                modals.openModal('notify', { groupId: shortfall.groupId, reason: 'ai_pages' });
              }}
            >
              {t('notify.send')}
            </button>
          </p>
        </>
      );
  }
}

/**
 * The AI detector tool: pasted text or one file, submission (a visitor first gets a guest account),
 * polling the check every 5 s up to 120 times, the failure messages and the result view. The address
 * names the check shown (?check=ID): My Documents opens a kept result so, and a reload keeps it.
 */
export function AiDetector() {
  const { t, i18n } = useTranslation();
  const { endpoints, session, queryClient, storage, modals } = useServices();
  const toErrorText = useErrorText();
  const lang = useLanguage();
  const id = useId();
  // Pasted text or one file, never both.
  const [input, setInput] = useState<AiInput>(EMPTY_INPUT);
  const text = input.text;
  const [search, setSearch] = useSearchParams();
  const [checkId, setCheckIdState] = useState<number | null>(() => checkIdFromSearch(search));
  /** The organisation the check is for (?group=ID, the "acting as" chooser): its AI pages pay (issue 17). */
  const requestedGroup = groupIdFromSearch(search);
  const [lastCheck, setLastCheck] = useState<number | null>(() => {
    const stored = storage.getItem(LAST_AI_CHECK_KEY);
    return stored === null ? null : checkIdFromSearch(new URLSearchParams({ check: stored }));
  });
  /** Shows a check (and names it in the address, replacing the entry), or none. */
  function setCheckId(id: number | null): void {
    setCheckIdState(id);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('check');
        else next.set('check', String(id));
        return next;
      },
      { replace: true },
    );
  }
  const [isTooShort, setIsTooShort] = useState(false);
  const resultHeading = useRef<HTMLElement | null>(null);
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const shouldFocusText = useRef(false);
  /** Said once the result was deleted (issue 13, A5), until the next check. */
  const [notice, setNotice] = useState<string | null>(null);
  /** What running out of AI pages (code 1) offers this user; null until known. */
  const [shortfall, setShortfall] = useState<AiShortfall | null>(null);
  const navigate = useNavigate();

  /**
   * Code 1 for a registered user (check-tool.md §8): a subscriber or new user goes to the AI plans, the owner gets
   * the AI packages modal. Whether the user is new needs the packages bought, which the credentials carry.
   */
  async function offerAiPages(): Promise<void> {
    let next: AiShortfall = { kind: 'aiprice', groupId: null };
    try {
      const answer = await endpoints.credentials();
      next =
        actingGroup === null
          ? aiShortfall({ kind: 'individual', user: answer.user, packagesBought: answer.packages_bought })
          : aiShortfall({ kind: 'group', user: answer.user, group: actingGroup });
    } catch {
      // the credentials could not be read: the AI packages modal still offers plans and packs
    }
    setShortfall(next);
    if (next.kind === 'pricing') void navigate(subscriptionsPath(lang, '?ai='));
    else if (next.kind === 'aiprice')
      modals.openModal('aiprice', next.groupId === null ? {} : { groupId: next.groupId });
  }

  const submit = useMutation({
    mutationFn: async (payload: { text?: string; file?: File; forceLanguage?: ForceLanguage }) => {
      const isGuest = session.getState().status !== 'user';
      if (isGuest && session.getApiToken() === null) await endpoints.registerGuest();
      const created = await endpoints.submitAiCheck({ ...payload, groupId: actingGroupId });
      if (isGuest) spendGuestAiPage();
      return created;
    },
    onSuccess: (created) => {
      setCheckId(created.id);
      storage.setItem(LAST_AI_CHECK_KEY, String(created.id));
      setLastCheck(created.id);
    },
    onError: (error, payload) => {
      // A guest out of AI pages: the text waits as firstAiCheck and is sent after sign-up (check-tool.md §4).
      const isGuest = session.getState().status !== 'user' || session.getState().profile?.is_guest === true;
      const refusal = aiRefusal(error);
      if (isGuest && refusal === 'noAiPages' && payload.text !== undefined) {
        saveFirstAiCheck(storage, payload.text);
      }
      if (!isGuest && refusal === 'noAiPages') void offerAiPages();
    },
  });

  // The address names another check (Back or Forward, a link to ?check=ID): show that one.
  const addressCheck = checkIdFromSearch(search);
  useEffect(() => {
    if (addressCheck !== null && addressCheck !== checkId) setCheckIdState(addressCheck);
  }, [addressCheck]);

  // After login or registration, a pending AI check is sent once.
  const sessionState = useSession();
  const isRegistered = sessionState.status === 'user' && sessionState.profile?.is_guest === false;
  const actingGroupId = isRegistered ? requestedGroup : null;
  const { group: actingGroup, lock: groupLock } = useGroupLock(actingGroupId);
  useEffect(() => {
    if (!isRegistered) return;
    const pending = takeFirstAiCheck(storage);
    if (pending === null) return;
    setInput({ ...EMPTY_INPUT, text: pending });
    submit.mutate({ text: pending });
  }, [isRegistered]);

  const check = useQuery({
    queryKey: ['ai-check', checkId],
    queryFn: () => endpoints.getAiCheck(checkId ?? 0),
    enabled: checkId !== null,
    staleTime: Infinity,
    retry: 2,
    // A poll that keeps failing stops too; the error is shown (polls only count answers).
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : aiRefetchInterval(query.state.data?.status, query.state.dataUpdateCount),
  });

  // Every poll counts, even one that returns the same data (which keeps `check.data` the same object).
  const polls =
    check.dataUpdatedAt === 0 ? 0 : (queryClient.getQueryState(['ai-check', checkId])?.dataUpdateCount ?? 0);
  const state = checkId === null || check.data === undefined ? null : aiPollState(check.data.status, polls);
  const isWaiting =
    submit.isPending || (checkId !== null && !check.isError && (state?.kind ?? 'pending') === 'pending');
  const result = state?.kind === 'done' ? check.data : undefined;
  // the AI detector's success (commerce-and-cabinet.md §7): once per finished check shown
  const succeededId = result === undefined ? null : checkId;
  useEffect(() => {
    if (succeededId !== null) trackEvent('ai-check-success');
  }, [succeededId]);

  // A kept check opened by its address that ended without a result (e.g. its language): its text fills the
  // empty form, so "Continue as English" or a new check can send it again.
  const failedContent = state?.kind === 'failed' ? check.data?.content : undefined;
  useEffect(() => {
    if (failedContent !== undefined && input.text === '' && input.file === null) {
      setInput({ ...EMPTY_INPUT, text: failedContent });
    }
  }, [failedContent]);

  // Focus follows the view: to the result's heading when it arrives, back to the text after Clear text.
  useEffect(() => {
    if (result !== undefined) resultHeading.current?.querySelector('h2')?.focus();
    else if (shouldFocusText.current) {
      shouldFocusText.current = false;
      textArea.current?.focus();
    }
  }, [result]);

  function reset(): void {
    setCheckId(null);
    submit.reset();
    setIsTooShort(false);
    setShortfall(null);
  }

  function send(forceLanguage?: ForceLanguage): void {
    const submission = submissionOf(input);
    if (submission.kind === 'none') return;
    // The minimum applies to pasted text; the server checks a file's text and answers if it is too short.
    if (submission.kind === 'text' && countSignificantCharacters(submission.text) < AI_MIN_CHARACTERS) {
      setIsTooShort(true);
      return;
    }
    setIsTooShort(false);
    setCheckId(null);
    setNotice(null);
    setShortfall(null);
    const payload = submission.kind === 'file' ? { file: submission.file } : { text: submission.text };
    submit.mutate(forceLanguage === undefined ? payload : { ...payload, forceLanguage });
  }

  function updateInput(next: AiInput): void {
    setInput(next);
    if (isTooShort) setIsTooShort(false);
    // A new input makes an earlier refusal stale.
    if (submit.isError) submit.reset();
  }

  if (result !== undefined) {
    return (
      <div
        ref={(node) => {
          resultHeading.current = node;
        }}
        className="ai-detector"
      >
        <div aria-live="polite" className="visually-hidden">
          {t('ai.result.ready')}
        </div>
        <AiResult
          result={result}
          language={i18n.language}
          onClear={() => {
            shouldFocusText.current = true;
            reset();
            setInput(EMPTY_INPUT);
          }}
          download={<AiReportDownload checkId={result.id} />}
          feedback={<AiFeedback checkId={result.id} initialMark={result.mark} />}
          remove={
            <AiCheckDelete
              checkId={result.id}
              onDeleted={() => {
                queryClient.removeQueries({ queryKey: ['ai-check', result.id] });
                if (lastCheck === result.id) {
                  storage.removeItem(LAST_AI_CHECK_KEY);
                  setLastCheck(null);
                }
                shouldFocusText.current = true;
                reset();
                setInput(EMPTY_INPUT);
                setNotice(t('dataControls.deleteAiCheck.deleted'));
              }}
            />
          }
        />
      </div>
    );
  }

  const characters = countSignificantCharacters(text);
  const failure = state?.kind === 'failed' ? failureKeys(state.reason) : null;
  const refusal = submit.isError ? aiRefusal(submit.error) : null;
  const isNoAiPages = refusal === 'noAiPages';
  const describedBy = [`${id}-count`, isTooShort ? `${id}-short` : null].filter((v) => v !== null).join(' ');

  return (
    <section className="check-form card ai-detector" aria-label={t('ai.formLabel')} data-aidetector="">
      {/* A pending purchase (firstBuy) is taken up here too, after login or sign-up (check-tool.md §4). */}
      <FirstBuyRunner />
      <p className={notice === null ? 'visually-hidden' : 'alert alert--info'} role="status">
        {notice}
      </p>
      {isRegistered ? (
        <ActingAs
          groupId={actingGroupId}
          onChange={(next) => {
            setSearch(
              (current) => {
                const params = new URLSearchParams(current);
                if (next === null) params.delete('group');
                else params.set('group', String(next));
                return params;
              },
              { replace: true },
            );
            submit.reset();
            setShortfall(null);
          }}
        />
      ) : null}
      {groupLock === null ? null : <GroupLockPanel lock={groupLock} group={actingGroup} />}
      <form
        hidden={groupLock !== null}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={`${id}-text`} className="field__label">
          {t('ai.textLabel')}
        </label>
        <textarea
          ref={textArea}
          id={`${id}-text`}
          className={isTooShort ? 'check-form__text is-invalid' : 'check-form__text'}
          name="text"
          placeholder={t('ai.placeholder')}
          maxLength={TEXTAREA_MAX_LENGTH}
          value={text}
          readOnly={isWaiting}
          aria-invalid={isTooShort}
          aria-describedby={describedBy}
          onChange={(event) => {
            updateInput(changeText(input, event.target.value));
          }}
          onBlur={() => {
            setInput((value) => ({ ...value, text: value.text.trim() }));
          }}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes('Files')) event.preventDefault();
          }}
          onDrop={(event) => {
            // A file dropped on the text area is taken as the file to check, not pasted as its path.
            if (event.dataTransfer.files.length === 0) return;
            event.preventDefault();
            if (!isWaiting) updateInput(addFiles(input, event.dataTransfer.files));
          }}
        />
        <AiFileZone
          item={input.file}
          language={i18n.language}
          isDisabled={isWaiting}
          onFiles={(files) => {
            updateInput(addFiles(input, files));
          }}
          onRemove={() => {
            updateInput(removeFile(input));
          }}
        />
        <div className="check-form__footer">
          <p id={`${id}-count`} className="check-form__counts">
            {t('ai.characters', { count: characters, min: AI_MIN_CHARACTERS })}
          </p>
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={!canSubmit(input) || isWaiting}
            aria-describedby={isWaiting ? `${id}-progress` : undefined}
          >
            {isWaiting ? <Spinner size="sm" /> : null}
            {t('check.button.ai')}
          </button>
        </div>
        <div id={`${id}-progress`} aria-live="polite" role="status" className="ai-detector__status">
          {isWaiting ? (
            <p className="ai-detector__progress">
              <span className="ai-progress" aria-hidden="true">
                <span className="ai-progress__bar" />
              </span>
              {t('ai.progress')}
            </p>
          ) : null}
        </div>
        {isTooShort ? (
          <div id={`${id}-short`} className="alert alert--error" role="alert">
            <p>
              <strong>{t('ai.failure.tooShortTitle')}</strong>
            </p>
            <p>{t('ai.minimum')}</p>
          </div>
        ) : null}
        {submit.isError ? (
          <div className="alert alert--error" role="alert">
            {/* the organisation's alert when it pays (check-tool.md §8), whatever the language */}
            <p>{isNoAiPages && actingGroup !== null ? t('notify.message.ai_pages') : toErrorText(submit.error)}</p>
            {isNoAiPages && !isRegistered ? (
              <p>
                {t('ai.firstAiCheck')}{' '}
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => {
                    modals.openModal('signup');
                  }}
                >
                  {t('ai.signUp')}
                </button>
              </p>
            ) : null}
            {isNoAiPages && !isRegistered ? (
              <p>
                <Link to={localisedPath('/pricing/', lang) + '?ai='}>{t('ai.seePricing')}</Link>
              </p>
            ) : null}
            {isNoAiPages && isRegistered ? <AiPagesOffer shortfall={shortfall} /> : null}
            {refusal === 'upgrade' ? (
              <p>
                <Link className="button button--primary button--small" to={subscriptionsPath(lang, '?ai=')}>
                  {t('ai.subscribe')}
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {/* A guest has no My Documents: the last result made in this browser opens again from here. */}
        {!isRegistered && lastCheck !== null && checkId === null && !isWaiting ? (
          <p className="ai-detector__last">
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setCheckId(lastCheck);
              }}
            >
              {t('ai.openLast')}
            </button>
          </p>
        ) : null}
        {check.isError ? (
          <div className="alert alert--error" role="alert">
            <p>{toErrorText(check.error)}</p>
          </div>
        ) : null}
        {failure !== null ? (
          <div className="alert alert--error" role="alert">
            <p>
              <strong>{t(failure.title)}</strong>
            </p>
            {failure.body === null ? null : <p>{t(failure.body)}</p>}
            {state?.kind === 'failed' && state.reason === 'language' ? (
              <>
                <p>{t('ai.failure.languageOffer')}</p>
                <div className="ai-detector__continue">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => {
                      send('en');
                    }}
                  >
                    {t('ai.continueEnglish')}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      send('es');
                    }}
                  >
                    {t('ai.continueSpanish')}
                  </button>
                </div>
              </>
            ) : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}
