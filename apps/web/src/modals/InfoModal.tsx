import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from './ModalFrame.tsx';

/** A plain message with an OK button. `title` and `message` arrive already translated. */
export function InfoModal({ title, message }: { title?: string | undefined; message: string }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={title ?? t('info.title')} description={message} size="sm">
      <div className="modal__actions">
        <Dialog.Close className="button button--primary">{t('common.ok')}</Dialog.Close>
      </div>
    </ModalFrame>
  );
}
