import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { DeleteCheckDialog } from '../documents/DeleteCheckDialog.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';

/**
 * "Delete this check" on the AI detector's result (issue 13, A5): a confirmation dialog, then
 * POST /api/v1/chat-gpt/{id}/delete/; `onDeleted` takes the view back to an empty form.
 */
export function AiCheckDelete({ checkId, onDeleted }: { checkId: number; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const [isOpen, setIsOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(): Promise<void> {
    setIsDeleting(true);
    setError(null);
    try {
      await endpoints.deleteAiCheck(checkId);
      setIsOpen(false);
      onDeleted();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        if (!isDeleting) setIsOpen(open);
        if (open) setError(null);
      }}
    >
      <Dialog.Trigger className="button button--ghost ai-result__delete">
        {t('dataControls.deleteAiCheck.button')}
      </Dialog.Trigger>
      {isOpen ? (
        <AiCheckDeleteDialog
          isDeleting={isDeleting}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setIsOpen(false);
          }}
        />
      ) : null}
    </Dialog.Root>
  );
}

/** The confirmation of deleting a stand-alone AI check (the result view's button and My Documents' AI list). */
export function AiCheckDeleteDialog({
  isDeleting,
  error,
  onConfirm,
  onCancel,
}: {
  isDeleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DeleteCheckDialog
      title={t('dataControls.deleteAiCheck.title')}
      description={t('dataControls.deleteAiCheck.body')}
      confirmLabel={t('dataControls.deleteAiCheck.confirm')}
      busyLabel={t('dataControls.deleteAiCheck.deleting')}
      cancelLabel={t('dataControls.deleteAiCheck.cancel')}
      isDeleting={isDeleting}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
