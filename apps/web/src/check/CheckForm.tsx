import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import {
  TEXTAREA_MAX_LENGTH,
  checkButtonLabelKey,
  exceedsGuestFreePages,
  isCheckDisabled,
  textStats,
} from './checkForm.ts';

/**
 * The check tool's text form: live word and page counts and the check button. Sending a text for a
 * check arrives with the check pipeline; until then the button explains that honestly.
 */
export function CheckForm({ aiMode = false }: { aiMode?: boolean }) {
  const { t } = useTranslation();
  const { modals } = useServices();
  const session = useSession();
  const [text, setText] = useState('');
  const stats = useMemo(() => textStats(text), [text]);
  const id = useId();
  const isGuest = session.status !== 'user' || session.profile === null || session.profile.is_guest;
  const isOverFreePage = exceedsGuestFreePages(isGuest, stats.words);
  const labelKey = checkButtonLabelKey({ isGuest, aiMode, words: stats.words });
  const marker = aiMode ? { 'data-aidetector': '' } : { 'data-checkform': '' };

  return (
    <section className="check-form card" aria-label={t('check.formLabel')} {...marker}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          modals.openModal('info', { title: t('check.notYet.title'), message: t('check.notYet.body') });
        }}
      >
        <label htmlFor={`${id}-text`} className="field__label">
          {t('check.textLabel')}
        </label>
        <textarea
          id={`${id}-text`}
          className="check-form__text"
          name="text"
          placeholder={t('check.placeholder')}
          maxLength={TEXTAREA_MAX_LENGTH}
          value={text}
          aria-describedby={`${id}-counts${isOverFreePage ? ` ${id}-limit` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onBlur={() => {
            setText((value) => value.trim());
          }}
        />
        <div className="check-form__footer">
          <p id={`${id}-counts`} className={isOverFreePage ? 'check-form__counts is-warning' : 'check-form__counts'}>
            <span>{t('check.words', { count: stats.words })}</span>
            <span aria-hidden="true"> · </span>
            <span>{t('check.pages', { count: stats.pages })}</span>
          </p>
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={isCheckDisabled({ text, locked: false })}
          >
            {t(labelKey)}
          </button>
        </div>
        {isOverFreePage ? (
          <p id={`${id}-limit`} className="check-form__limit" role="note">
            {t('check.guestLimit')}
          </p>
        ) : null}
        {aiMode ? <p className="check-form__hint">{t('check.aiHint')}</p> : null}
      </form>
    </section>
  );
}
