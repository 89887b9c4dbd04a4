import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceColourSlot, type ReportSource } from '@veritext/contracts';
import { sourceColourStyle } from './colours.ts';
import { formatPillPercent, formatReportPercent } from './format.ts';
import { isEnabled, sourceHref, sourceKind, type DisabledItems, type ItemKind } from './highlight.ts';
import { fetchedPhrase, readableUrl, sourceNamePhrase, sourceTypePhrase, webHref, type Phrase } from './origins.ts';
import { hoverIsAbsent } from './device.ts';

export type ItemHandlers = {
  onEnter: (kind: ItemKind, id: number) => void;
  onLeave: () => void;
  onActivate: (kind: ItemKind, id: number) => void;
  onToggle: (kind: ItemKind, id: number, enabled: boolean) => void;
};

const EMPTY_KEYS: Record<ItemKind, string> = {
  source: 'report.lists.noSimilarity',
  quote: 'report.lists.noQuotes',
  reference: 'report.lists.noReferences',
};

/**
 * One list of the right pane (sources, quotes or references): name (a link for internet sources; an internet
 * page by its title, with its address as the link and the day it was fetched), percent pill, identical and
 * changed shares, and a switch that leaves the item out of the highlights.
 */
export function SourceList({
  kind,
  items,
  language,
  disabled,
  highlighted,
  locked,
  handlers,
  actions,
}: {
  kind: ItemKind;
  items: readonly ReportSource[];
  language: string;
  disabled: DisabledItems;
  highlighted: ReadonlySet<number>;
  locked: number | null;
  handlers?: ItemHandlers;
  /** The reader's tools for a source (the report page: ignore, only this source, side by side). */
  actions?: (kind: ItemKind, item: ReportSource, name: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const say = (phrase: Phrase): string => ('text' in phrase ? phrase.text : t(phrase.key, phrase.values));
  if (items.length === 0) return <p className="report-list__empty">{t(EMPTY_KEYS[kind])}</p>;

  return (
    <ol className={`report-list report-list--${kind}`}>
      {items.map((item) => {
        const enabled = isEnabled(disabled, kind, item.id);
        const page = item.origin?.kind === 'web' ? item.origin : null;
        const pageHref = page === null ? null : webHref(page.url);
        const fetched = fetchedPhrase(item, language);
        // an internet page links by its address below its title; other internet sources by "Open source"
        const href = page === null ? sourceHref(item) : null;
        const rawName = item.link.name.trim() === '' ? item.source : item.link.name;
        // whose document it is, for this reader, in the reader's language
        const name = say(sourceNamePhrase(item, language));
        const kindOfSource = sourceKind(item, rawName);
        const classes = ['report-source'];
        if (!enabled) classes.push('is-disabled');
        if (highlighted.has(item.id)) classes.push('is-highlighted');
        return (
          <li
            key={item.id}
            className={classes.join(' ')}
            // a source's colour is the one of its passages in the text (quotes and references keep their own)
            style={kind === 'source' ? sourceColourStyle(item.id) : undefined}
            data-colour={kind === 'source' ? sourceColourSlot(item.id) : undefined}
            data-item={`${kind}:${String(item.id)}`}
            onPointerEnter={(event) => {
              // hover is a mouse's (and pen's): a finger taps, which onClick handles; a touch screen's left-over
              // "mouse" events are no one's hover
              if (event.pointerType !== 'touch' && !hoverIsAbsent()) handlers?.onEnter(kind, item.id);
            }}
            onPointerLeave={(event) => {
              if (event.pointerType !== 'touch' && !hoverIsAbsent()) handlers?.onLeave();
            }}
          >
            <button
              type="button"
              className="report-source__main"
              aria-pressed={locked === item.id}
              disabled={!enabled}
              onFocus={() => handlers?.onEnter(kind, item.id)}
              onBlur={() => handlers?.onLeave()}
              onClick={() => handlers?.onActivate(kind, item.id)}
            >
              <span className="report-source__number" aria-hidden="true">
                {item.id}
              </span>
              <span className="report-source__name">
                <span className="report-source__type">{say(sourceTypePhrase(item, kindOfSource))}</span>
                <span className="report-source__title">{name}</span>
              </span>
              <span className="pill report-source__pill">{formatPillPercent(item.percent, language)}</span>
            </button>
            {page === null ? null : (
              <p className="report-source__page">
                {pageHref === null ? (
                  <span className="report-source__url">{readableUrl(page.url)}</span>
                ) : (
                  <a
                    className="report-source__url"
                    href={pageHref}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    title={pageHref}
                  >
                    {readableUrl(pageHref)}
                    <span className="visually-hidden"> {t('report.sources.newWindow')}</span>
                  </a>
                )}
                {fetched === null ? null : <span className="report-source__fetched">{say(fetched)}</span>}
              </p>
            )}
            <div className="report-source__meta">
              <span className="report-source__share report-source__share--identical">
                {t('report.sources.identical', { percent: formatReportPercent(item.identical, language) })}
              </span>
              <span className="report-source__share report-source__share--changed">
                {t('report.sources.changed', { percent: formatReportPercent(item.changedIndex, language) })}
              </span>
              {href === null ? null : (
                <a className="report-source__link" href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {t('report.sources.open')}
                  <span className="visually-hidden"> {t('report.sources.newWindow')}</span>
                </a>
              )}
              <button
                type="button"
                role="switch"
                className="report-switch"
                aria-checked={enabled}
                aria-label={t('report.sources.toggle', { name })}
                onClick={() => handlers?.onToggle(kind, item.id, !enabled)}
              >
                <span className="report-switch__track" aria-hidden="true">
                  <span className="report-switch__thumb" />
                </span>
              </button>
            </div>
            {actions === undefined ? null : actions(kind, item, name)}
          </li>
        );
      })}
    </ol>
  );
}
