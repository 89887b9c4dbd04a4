import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import type { AiMark } from '../api/endpoints.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';

/** A thumb (Material Icons' thumb_up shape, Apache-2.0); not an emoji, which needs an emoji font. */
function ThumbIcon({ isDown = false }: { isDown?: boolean }) {
  return (
    <svg
      className={isDown ? 'ai-thumb ai-thumb--down' : 'ai-thumb'}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
      />
    </svg>
  );
}

/** Thumbs up/down on a result; thumbs down asks for a comment first (check-tool.md §2). Sent once. */
export function AiFeedback({ checkId, initialMark }: { checkId: number; initialMark: AiMark | null }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const [isCommenting, setIsCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: (input: { mark: AiMark; comment?: string }) =>
      endpoints.markAiCheck(checkId, input.mark, input.comment),
  });

  if (initialMark !== null || mutation.isSuccess) {
    return (
      <p className="ai-feedback__thanks" role="status">
        {t('ai.feedback.thanks')}
      </p>
    );
  }

  return (
    <div className="ai-feedback">
      {isCommenting ? (
        <form
          className="ai-feedback__form"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = comment.trim();
            mutation.mutate({ mark: '0', ...(trimmed === '' ? {} : { comment: trimmed }) });
          }}
        >
          <label htmlFor={`${id}-comment`} className="field__label">
            {t('ai.feedback.commentLabel')}
          </label>
          <textarea
            id={`${id}-comment`}
            className="field__input ai-feedback__comment"
            maxLength={2000}
            rows={3}
            value={comment}
            // the form appears on the user's own click, so moving focus into it is expected
            autoFocus
            onChange={(event) => {
              setComment(event.target.value);
            }}
          />
          <div className="ai-feedback__buttons">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setIsCommenting(false);
                mutation.reset();
              }}
            >
              {t('ai.feedback.cancel')}
            </button>
            <button type="submit" className="button button--primary button--small" disabled={mutation.isPending}>
              {t('ai.feedback.submit')}
            </button>
          </div>
        </form>
      ) : (
        <div className="ai-feedback__thumbs" role="group" aria-label={t('ai.feedback.question')}>
          <span className="ai-feedback__question" aria-hidden="true">
            {t('ai.feedback.question')}
          </span>
          <button
            type="button"
            className="button button--small"
            aria-label={t('ai.feedback.up')}
            disabled={mutation.isPending}
            onClick={() => {
              mutation.mutate({ mark: '1' });
            }}
          >
            <ThumbIcon />
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={t('ai.feedback.down')}
            disabled={mutation.isPending}
            onClick={() => {
              setIsCommenting(true);
            }}
          >
            <ThumbIcon isDown />
          </button>
        </div>
      )}
      {mutation.isError ? (
        <p className="alert alert--error" role="alert">
          {toErrorText(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
