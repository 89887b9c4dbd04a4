import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceColourSlot, type ReportNode } from '@veritext/contracts';
import { nodeColourSource, sourceColourStyle } from './colours.ts';
import { aiNodeClass, nodeClasses, type DisabledItems } from './highlight.ts';
import { hoverIsAbsent } from './device.ts';

export type NodeHandlers = {
  onEnter: (index: number) => void;
  onLeave: () => void;
  onActivate: (index: number) => void;
};

/**
 * The checked text rebuilt from its nodes: matched nodes are marks (identical, changed, quote,
 * reference) that can be hovered, focused and clicked; plain nodes are plain text.
 */
export function SimilarityText({
  nodes,
  disabled,
  highlighted,
  lockedNode,
  handlers,
}: {
  nodes: readonly ReportNode[];
  disabled: DisabledItems;
  highlighted: ReadonlySet<number>;
  lockedNode: number | null;
  handlers?: NodeHandlers;
}) {
  const { t } = useTranslation();
  return (
    <>
      {nodes.map((node, index) => {
        const classes = nodeClasses(node, disabled, highlighted.has(index));
        if (classes.length === 0) return <span key={index}>{node.text}</span>;
        const label = classes.includes('report-node--quote')
          ? t('report.text.quote')
          : classes.includes('report-node--reference')
            ? t('report.text.reference')
            : classes.includes('report-node--changed')
              ? t('report.text.changed')
              : t('report.text.identical');
        // identical and changed text take the colour of their (first enabled) source
        const source =
          classes.includes('report-node--identical') || classes.includes('report-node--changed')
            ? nodeColourSource(node, disabled)
            : null;
        return (
          <mark
            key={index}
            className={['report-node', ...classes].join(' ')}
            style={source === null ? undefined : sourceColourStyle(source)}
            data-colour={source === null ? undefined : sourceColourSlot(source)}
            data-node={index}
            tabIndex={0}
            aria-pressed={lockedNode === index}
            role="button"
            onPointerEnter={(event) => {
              // hover is a mouse's (and pen's): a finger taps, which onClick handles; a touch screen's left-over
              // "mouse" events are no one's hover
              if (event.pointerType !== 'touch' && !hoverIsAbsent()) handlers?.onEnter(index);
            }}
            onPointerLeave={(event) => {
              if (event.pointerType !== 'touch' && !hoverIsAbsent()) handlers?.onLeave();
            }}
            onFocus={() => handlers?.onEnter(index)}
            onBlur={() => handlers?.onLeave()}
            onClick={() => handlers?.onActivate(index)}
            onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                handlers?.onActivate(index);
              }
            }}
          >
            <span className="visually-hidden">{label}</span>
            {node.text}
            <span className="visually-hidden">{t('report.text.endMark')}</span>
          </mark>
        );
      })}
    </>
  );
}

/**
 * The text in the AI view: likely and strongly likely AI-written nodes marked as the AI detector does, passages
 * found in published sources in a neutral mark of their own.
 */
export function AiText({ nodes }: { nodes: readonly ReportNode[] }) {
  const { t } = useTranslation();
  return (
    <>
      {nodes.map((node, index) => {
        const className = aiNodeClass(node);
        if (className === null) return <span key={index}>{node.text}</span>;
        return (
          <mark key={index} className={className} data-ai-node={index}>
            <span className="visually-hidden">
              {node.isPublished === true
                ? t('report.published.start')
                : node.isHlikely
                  ? t('ai.result.startStrong')
                  : t('ai.result.startLikely')}
            </span>
            {node.text}
            <span className="visually-hidden">{t('ai.result.endMark')}</span>
          </mark>
        );
      })}
    </>
  );
}
