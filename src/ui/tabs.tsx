// A tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move between the tabs.
import { type KeyboardEvent, useRef } from 'react';
import styles from './tabs.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  /** Names the list for screen readers, e.g. 'Contact details'. */
  label: string;
  /** Prefix of the tab and panel element ids; see `tabPanelProps`. */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  isDisabled?: boolean;
}

export function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

/** The attributes the panel of tab `id` needs to be tied to its tab. */
export function tabPanelProps(idPrefix: string, id: string) {
  return {
    id: `${idPrefix}-panel-${id}`,
    role: 'tabpanel',
    'aria-labelledby': tabId(idPrefix, id),
    tabIndex: 0,
  } as const;
}

export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  isDisabled = false,
}: TabsProps<Id>) {
  const listRef = useRef<HTMLDivElement>(null);

  function focusTab(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, tab.id))}`)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the tab that has focus (WAI-ARIA tabs pattern), which a click elsewhere may have left unselected.
    const target = event.target as HTMLElement;
    const focused = tabs.findIndex((tab) => tabId(idPrefix, tab.id) === target.id);
    const current = focused >= 0 ? focused : tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTab(next);
  }

  return (
    <div ref={listRef} role="tablist" aria-label={label} className={styles.list} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={isSelected}
            aria-controls={tabPanelProps(idPrefix, tab.id).id}
            tabIndex={isSelected ? 0 : -1}
            disabled={isDisabled}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
