import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { PassageText, SourcePassageResponse } from '@veritext/contracts';
import { useServices } from '../../app/ServicesContext.tsx';
import { LoadingBlock } from '../../components/Spinner.tsx';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { sourceColourStyle } from '../colours.ts';
import type { PassageSource } from './reportPage.ts';

/** A passage with its context: the context muted, the passage marked in the source's colour. */
function Passage({ passage, label }: { passage: PassageText; label: string }) {
  return (
    <p className="side-by-side__text">
      <span className="side-by-side__context">{passage.before}</span>
      <mark className="side-by-side__mark">
        <span className="visually-hidden">{label}: </span>
        {passage.text}
      </mark>
      <span className="side-by-side__context">{passage.after}</span>
    </p>
  );
}

/** The passages of one source, each beside the source's passage (or why the source's text is not shown). */
export function SideBySideBody({ data }: { data: SourcePassageResponse['data'] }) {
  const { t } = useTranslation();
  if (data.passages.length === 0) return <p className="side-by-side__empty">{t('reportPage.sideBySide.none')}</p>;
  return (
    <>
      {data.visible ? null : (
        <p className="alert alert--info side-by-side__note" data-testid="side-by-side-private">
          {data.reason === 'private' ? t('reportPage.sideBySide.private') : t('reportPage.sideBySide.gone')}
        </p>
      )}
      <ol className="side-by-side__list">
        {data.passages.map((passage, index) => (
          <li key={`${String(passage.start)}-${String(index)}`} className="side-by-side__pair">
            <section className="side-by-side__column" aria-label={t('reportPage.sideBySide.checked')}>
              <h3 className="side-by-side__heading">
                {t('reportPage.sideBySide.checked')}
                <span className="side-by-side__kind">
                  {passage.kind === 'identical' ? t('report.legend.identical') : t('report.legend.changed')}
                </span>
              </h3>
              <Passage passage={passage.checked} label={t('reportPage.sideBySide.checked')} />
            </section>
            <section className="side-by-side__column" aria-label={t('reportPage.sideBySide.source')}>
              <h3 className="side-by-side__heading">{t('reportPage.sideBySide.source')}</h3>
              {passage.source === null ? (
                <p className="side-by-side__hidden">{t('reportPage.sideBySide.hiddenText')}</p>
              ) : (
                <Passage passage={passage.source} label={t('reportPage.sideBySide.source')} />
              )}
            </section>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The side-by-side view (issue 17): the passage of the checked text beside the source's passage, with a little
 * context; the source's text only where the reader may see it. Opened from a passage of the text (its sources to
 * choose from) or from a source (all its passages). Render it inside a `Dialog.Root` the caller controls.
 */
export function SideBySideDialog({
  checkId,
  sources,
  start,
}: {
  checkId: number;
  /** The sources to compare with (one from a source's button; those of a passage from the text). */
  sources: readonly PassageSource[];
  /** The passage of the text (a node's start); undefined: every passage of the source. */
  start?: number;
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const [chosen, setChosen] = useState(sources[0]?.key ?? '');
  const current = sources.find((source) => source.key === chosen) ?? sources[0];
  const query = useQuery({
    queryKey: ['source-passages', checkId, current?.key ?? '', start ?? null],
    queryFn: () => endpoints.sourcePassages(checkId, current?.key ?? '', start),
    enabled: current !== undefined,
  });

  let body;
  if (query.isPending) body = <LoadingBlock label={t('reportPage.sideBySide.loading')} />;
  else if (query.isError) {
    body = (
      <div className="alert alert--error" role="alert">
        <p>{toErrorText(query.error)}</p>
      </div>
    );
  } else body = <SideBySideBody data={query.data} />;

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="modal-overlay" />
      <Dialog.Content
        className="modal side-by-side"
        aria-describedby={undefined}
        data-testid="side-by-side"
        style={current === undefined ? undefined : sourceColourStyle(current.id)}
      >
        <div className="modal__header">
          <Dialog.Title className="modal__title">{t('reportPage.sideBySide.title')}</Dialog.Title>
          <Dialog.Close className="icon-button" aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </div>
        <div className="modal__body side-by-side__body">
          {sources.length > 1 ? (
            <div className="field side-by-side__choose">
              <label className="field__label" htmlFor={`${id}-source`}>
                {t('reportPage.sideBySide.choose')}
              </label>
              <select
                id={`${id}-source`}
                className="field__input"
                value={current?.key ?? ''}
                onChange={(event) => {
                  setChosen(event.target.value);
                }}
              >
                {sources.map((source) => (
                  <option key={source.key} value={source.key}>
                    {String(source.id)}. {source.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="side-by-side__source">
              <span className="side-by-side__swatch" aria-hidden="true" />
              {current?.name ?? query.data?.source.name ?? ''}
            </p>
          )}
          {body}
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
