import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TEXTAREA_MAX_LENGTH } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { spendGuestAiPage } from '../session/guestCookie.ts';
import { AiFeedback } from './AiFeedback.tsx';
import { AiReportDownload } from './AiReportDownload.tsx';
import { AiResult } from './AiResult.tsx';
import {
  AI_MIN_CHARACTERS,
  aiPollState,
  aiRefetchInterval,
  countSignificantCharacters,
  failureKeys,
} from './aiDetector.ts';

type ForceLanguage = 'en' | 'es';

/**
 * The AI detector tool: text form, submission (a visitor first gets a guest account), polling the
 * check every 5 s up to 120 times, the failure messages and the result view.
 */
export function AiDetector() {
  const { t, i18n } = useTranslation();
  const { endpoints, session, queryClient } = useServices();
  const toErrorText = useErrorText();
  const lang = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const [checkId, setCheckId] = useState<number | null>(null);
  const [isTooShort, setIsTooShort] = useState(false);
  const resultHeading = useRef<HTMLElement | null>(null);
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const shouldFocusText = useRef(false);

  const submit = useMutation({
    mutationFn: async (input: { text: string; forceLanguage?: ForceLanguage }) => {
      const isGuest = session.getState().status !== 'user';
      if (isGuest && session.getApiToken() === null) await endpoints.registerGuest();
      const created = await endpoints.submitAiCheck(input);
      if (isGuest) spendGuestAiPage();
      return created;
    },
    onSuccess: (created) => {
      setCheckId(created.id);
    },
  });

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
  }

  function send(forceLanguage?: ForceLanguage): void {
    const trimmed = text.trim();
    if (countSignificantCharacters(trimmed) < AI_MIN_CHARACTERS) {
      setIsTooShort(true);
      return;
    }
    setIsTooShort(false);
    setCheckId(null);
    submit.mutate(forceLanguage === undefined ? { text: trimmed } : { text: trimmed, forceLanguage });
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
            setText('');
          }}
          download={<AiReportDownload checkId={result.id} />}
          feedback={<AiFeedback checkId={result.id} initialMark={result.mark} />}
        />
      </div>
    );
  }

  const characters = countSignificantCharacters(text);
  const failure = state?.kind === 'failed' ? failureKeys(state.reason) : null;
  const isNoAiPages = isApiError(submit.error) && submit.error.code === 'insufficient_ai_balance';
  const describedBy = [`${id}-count`, isTooShort ? `${id}-short` : null].filter((v) => v !== null).join(' ');

  return (
    <section className="check-form card ai-detector" aria-label={t('ai.formLabel')} data-aidetector="">
      <form
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
            setText(event.target.value);
            if (isTooShort) setIsTooShort(false);
          }}
          onBlur={() => {
            setText((value) => value.trim());
          }}
        />
        <div className="check-form__footer">
          <p id={`${id}-count`} className="check-form__counts">
            {t('ai.characters', { count: characters, min: AI_MIN_CHARACTERS })}
          </p>
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={text.trim() === '' || isWaiting}
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
            <p>{toErrorText(submit.error)}</p>
            {isNoAiPages ? (
              <p>
                <Link to={localisedPath('/pricing/', lang) + '?ai='}>{t('ai.seePricing')}</Link>
              </p>
            ) : null}
          </div>
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
