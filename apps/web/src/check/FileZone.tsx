import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT, fileRowTone, fileStatusKey, fileTooltip, type FileItem } from './fileItems.ts';
import { useDropTarget } from '../components/useDropTarget.ts';

function FileRow({ item, onRemove, disabled }: { item: FileItem; onRemove: (id: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const tooltip = fileTooltip(item);
  const tooltipText = tooltip === null ? null : 'key' in tooltip ? t(tooltip.key) : tooltip.message;
  const tone = fileRowTone(item.status);
  return (
    <li className={`file-row file-row--${tone}`} data-status={item.status}>
      <span className="file-row__name" title={item.name}>
        {item.name}
      </span>
      <span className="file-row__pages">{item.pages > 0 ? t('check.pages', { count: item.pages }) : null}</span>
      <span className="file-row__status" title={tooltipText ?? undefined}>
        {t(fileStatusKey(item.status))}
        {tooltipText === null ? null : <span className="file-row__tooltip">{tooltipText}</span>}
      </span>
      <button
        type="button"
        className="icon-button file-row__remove"
        aria-label={t('check.file.remove', { name: item.name })}
        disabled={disabled}
        onClick={() => {
          onRemove(item.id);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * The drag-and-drop zone around the text area, the upload button (a real button that opens the hidden file
 * input, so it works from the keyboard) and the file rows.
 */
export function FileZone({
  files,
  multiple,
  disabled,
  onAdd,
  onRemove,
  children,
}: {
  files: readonly FileItem[];
  multiple: boolean;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const { isDragging, handlers } = useDropTarget({
    disabled,
    onDrop: (data) => {
      onAdd(Array.from(data.files));
    },
  });

  return (
    <div className={isDragging ? 'file-zone is-dragging' : 'file-zone'} {...handlers}>
      {children}
      <div className="file-zone__bar">
        <p className="file-zone__hint">{t('check.file.dropHint')}</p>
        <button
          type="button"
          className="button button--small"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('check.file.upload')}
        </button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={FILE_ACCEPT}
          multiple={multiple}
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            // Reset so that picking the same file again after removing it fires a change.
            event.target.value = '';
            if (picked.length > 0) onAdd(picked);
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul className="file-list" aria-label={t('check.file.listLabel')}>
          {files.map((item) => (
            <FileRow key={item.id} item={item} onRemove={onRemove} disabled={disabled} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
