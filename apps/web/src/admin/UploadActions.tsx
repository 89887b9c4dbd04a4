import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';

/**
 * The buttons under an administrator's upload form (a collection's files, a Wikipedia dump): Upload, busy
 * while the upload runs, and Cancel while bytes are being sent.
 */
export function UploadActions({
  isBusy,
  isUploading,
  onCancel,
}: {
  isBusy: boolean;
  isUploading: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-upload__actions">
      <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? <Spinner size="sm" /> : null}
        {isBusy ? t('admin.upload.uploading') : t('admin.upload.submit')}
      </button>
      {isUploading ? (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('admin.upload.cancel')}
        </button>
      ) : null}
    </div>
  );
}
