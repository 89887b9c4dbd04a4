import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

/** The shared shell of every modal: Radix Dialog content (focus trap, Esc, aria) with title and close. */
export function ModalFrame({
  title,
  description,
  children,
  size = 'md',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="modal-overlay" />
      <Dialog.Content
        className={`modal modal--${size}`}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <div className="modal__header">
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Close className="icon-button" aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </div>
        {description === undefined ? null : (
          <Dialog.Description className="modal__description">{description}</Dialog.Description>
        )}
        <div className="modal__body">{children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** The line under a form that switches to its sibling modal ("Already have an account? Log in"). */
export function ModalSwitchPrompt({
  question,
  action,
  onSwitch,
}: {
  question: string;
  action: string;
  onSwitch: () => void;
}) {
  return (
    <p className="modal__switch">
      {question}{' '}
      <button type="button" className="link-button" onClick={onSwitch}>
        {action}
      </button>
    </p>
  );
}
