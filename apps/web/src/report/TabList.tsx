import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from './tabs.ts';

export type TabItem<K extends string> = {
  key: K;
  label: ReactNode;
  /** A locked tab: shown, announced as unavailable, skipped by the arrow keys. */
  isDisabled?: boolean;
};

export function tabId(prefix: string, key: string): string {
  return `${prefix}-tab-${key}`;
}

export function panelId(prefix: string, key: string): string {
  return `${prefix}-panel-${key}`;
}

/**
 * A WAI-ARIA tablist: one tab in the Tab order (roving tabindex), arrows / Home / End move and select
 * (automatic activation). `controls` names the panel when several tabs share one (the text pane).
 */
export function TabList<K extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  className,
  controls,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  className: string;
  controls?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = nextTabIndex(
      event.key,
      current,
      tabs.map((tab) => tab.isDisabled === true),
    );
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onSelect(tab.key);
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            className="report-tab"
            aria-selected={isSelected}
            aria-controls={controls ?? panelId(idPrefix, tab.key)}
            aria-disabled={tab.isDisabled === true ? true : undefined}
            tabIndex={isSelected ? 0 : -1}
            data-tab={tab.key}
            onClick={() => {
              if (tab.isDisabled !== true) onSelect(tab.key);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
