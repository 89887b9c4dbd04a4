import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE, PROBLEM_KEYS, formatFileSize, type AiFileItem } from './aiFile.ts';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The upload control of the AI detector: one button that opens the file picker and also takes a dropped
 * file, the file input behind it (labelled, for assistive technology and tests), and the row of the
 * chosen file with its size, its state and a remove button.
 */
export function AiFileZone({
  item,
  language,
  isDisabled,
  onFiles,
  onRemove,
}: {
  item: AiFileItem | null;
  language: string;
  isDisabled: boolean;
  onFiles: (files: FileList) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const zone = useRef<HTMLButtonElement | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLButtonElement>): void {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled && event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  }

  return (
    <div className="ai-file">
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        className="visually-hidden"
        accept={ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        disabled={isDisabled}
        aria-label={t('ai.file.inputLabel')}
        onChange={(event) => {
          if (event.target.files !== null && event.target.files.length > 0) onFiles(event.target.files);
          // The same file chosen again after a remove must fire a change.
          event.target.value = '';
        }}
      />
      <button
        ref={zone}
        type="button"
        className={isDragging ? 'ai-file__zone is-dragging' : 'ai-file__zone'}
        disabled={isDisabled}
        aria-describedby={`${id}-formats`}
        data-testid="ai-file-zone"
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = isDisabled ? 'none' : 'copy';
        }}
        onDragLeave={() => {
          setIsDragging(false);
        }}
        onDrop={onDrop}
      >
        <span className="ai-file__action">{t('ai.file.upload')}</span>
        <span className="ai-file__drop">{t('ai.file.drop')}</span>
      </button>
      <p id={`${id}-formats`} className="ai-file__formats">
        {t('ai.file.formats')}
      </p>
      <div aria-live="polite">
        {item === null ? null : (
          <AiFileRow
            item={item}
            language={language}
            isDisabled={isDisabled}
            onRemove={() => {
              onRemove();
              zone.current?.focus();
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The chosen file: name, size, 'Ready to check' or what is wrong, and a remove button. */
export function AiFileRow({
  item,
  language,
  isDisabled = false,
  onRemove,
}: {
  item: AiFileItem;
  language: string;
  isDisabled?: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isError = item.problem !== null;
  return (
    <div
      className={isError ? 'ai-file__row is-error' : 'ai-file__row'}
      data-testid="ai-file-row"
      data-state={isError ? 'error' : 'ready'}
    >
      <span id={`${id}-name`} className="ai-file__name">
        {item.file.name}
      </span>
      <span className="ai-file__size">{formatFileSize(item.file.size, language)}</span>
      <span className="ai-file__state" role={isError ? 'alert' : undefined}>
        {item.problem === null ? t('ai.file.ready') : t(PROBLEM_KEYS[item.problem])}
      </span>
      <button
        type="button"
        className="button button--small button--ghost ai-file__remove"
        disabled={isDisabled}
        aria-describedby={`${id}-name`}
        onClick={onRemove}
      >
        {t('ai.file.remove')}
      </button>
    </div>
  );
}
