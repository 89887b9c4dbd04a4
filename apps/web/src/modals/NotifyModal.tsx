import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotifyReason } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { useErrorText } from './useAuthFlow.ts';
import '../commerce/subscriptions.css';

const MESSAGE_KEYS = {
  pages: 'notify.message.pages',
  ai_pages: 'notify.message.ai_pages',
  upgrade: 'notify.message.upgrade',
} as const satisfies Record<NotifyReason, string>;

export type NotifyState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; error: string };

/** The notify modal's body: the "contact your Administrator" message, then only Cancel and Notify admin (§6). */
export function NotifyContent({
  reason,
  state,
  onNotify,
}: {
  reason: NotifyReason;
  state: NotifyState;
  onNotify: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isSending = state.kind === 'sending';
  return (
    <div className="notify">
      <p>{t(MESSAGE_KEYS[reason])}</p>
      <p>
        <Trans i18nKey="notify.contact" components={{ here: <Link to={localisedPath('/contact-us/', lang)} /> }} />
      </p>
      {state.kind === 'failed' ? (
        <div className="alert alert--error" role="alert">
          {state.error}
        </div>
      ) : null}
      <div role="status" className={state.kind === 'sent' ? 'alert alert--success' : 'visually-hidden'}>
        {state.kind === 'sent' ? state.message : null}
      </div>
      <div className="modal__actions">
        {state.kind === 'sent' ? (
          <Dialog.Close className="button button--primary">{t('common.close')}</Dialog.Close>
        ) : (
          <>
            <Dialog.Close className="button" disabled={isSending}>
              {t('notify.cancel')}
            </Dialog.Close>
            <button
              type="button"
              className="button button--primary"
              disabled={isSending}
              aria-busy={isSending}
              onClick={onNotify}
            >
              {isSending ? <Spinner size="sm" /> : null}
              {t('notify.send')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The 'notify' modal: a member of an organisation who cannot buy asks its owner for pages, AI pages or an upgrade
 * (POST /api/v1/groups/{id}/notify-admin/); the server's message says what was done.
 */
export function NotifyModal({ groupId, reason }: { groupId: number | null; reason: NotifyReason }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const errorText = useErrorText();
  const notify = useMutation({
    mutationFn: () => {
      if (groupId === null) throw new Error('no organisation');
      return endpoints.notifyAdmin(groupId, reason);
    },
  });
  const state: NotifyState = notify.isPending
    ? { kind: 'sending' }
    : notify.isSuccess
      ? { kind: 'sent', message: notify.data.message }
      : notify.isError
        ? { kind: 'failed', error: errorText(notify.error) }
        : { kind: 'idle' };
  return (
    <ModalFrame title={t('notify.title')} size="sm">
      <NotifyContent
        reason={reason}
        state={state}
        onNotify={() => {
          notify.mutate();
        }}
      />
    </ModalFrame>
  );
}
