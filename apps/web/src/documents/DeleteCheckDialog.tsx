import { useEffect, useRef } from 'react';
import { Spinner } from '../components/Spinner.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';

export type DeleteCheckActionsProps = {
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  isDeleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The buttons of a delete confirmation (Cancel first), with the server's refusal above them. */
export function DeleteCheckActions({
  confirmLabel,
  busyLabel,
  cancelLabel,
  isDeleting,
  error,
  onConfirm,
  onCancel,
}: DeleteCheckActionsProps) {
  return (
    <>
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" disabled={isDeleting} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={isDeleting}
          aria-busy={isDeleting}
          onClick={onConfirm}
        >
          {isDeleting ? <Spinner size="sm" /> : null}
          {isDeleting ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}

/**
 * The confirmation before a check is deleted for good (issue 13, A5): a Radix dialog (focus trapped, Esc and the
 * close button cancel) that says what goes. Render it inside a `Dialog.Root` whose `open` the caller controls.
 */
export function DeleteCheckDialog({
  title,
  description,
  ...actions
}: { title: string; description: string } & DeleteCheckActionsProps) {
  return (
    <ModalFrame title={title} description={description} size="sm">
      <DeleteCheckActions {...actions} />
    </ModalFrame>
  );
}

/**
 * Where focus goes when the dialog closes: back to the button that opened it after Cancel, or to `fallback`
 * (the list's heading) after a deletion, when that button is gone with its row.
 */
export function useFocusAfterDelete(
  isOpen: boolean,
  deleted: { current: boolean },
  fallback: { current: HTMLElement | null },
  opener: { current: HTMLElement | null },
): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !isOpen) {
      const target = deleted.current ? fallback.current : opener.current;
      deleted.current = false;
      // after Radix has returned focus where it would
      window.setTimeout(() => target?.focus(), 0);
    }
    wasOpen.current = isOpen;
  }, [isOpen, deleted, fallback, opener]);
}
