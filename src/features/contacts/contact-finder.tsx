// The contacts list (issue 27): the screen opens on it on phones, and keeps it beside the contact shown on
// wide screens. Search as you type, filters, the spec's sort orders, an A–Z index on phones, and the
// keyboard: `/` goes to the search, arrow keys move through the list, Enter opens a contact.
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef } from 'react';
import type { Contact } from '../../../contract/contacts';
import { isAnyDialogOpen } from '../../ui/open-dialogs';
import { VirtualList, type VirtualListHandle } from '../../ui/virtual-list';
import { AlphabetIndex, lettersOf } from './alphabet-index';
import { hasFilters, NO_FILTERS } from './contact-filters';
import { isSortMode, SORT_MODES } from './contact-order';
import { CONTACT_ROW_HEIGHT_PX, ContactRow } from './contact-row';
import styles from './contacts-finder.module.css';
import { ContactMessages } from './messages';
import { type ContactFinder as Finder, indexOfContact } from './use-contact-finder';

const LIST_ID = 'contact-list';
/** Rows a Page Up or Page Down moves (about one phone screen of rows). */
const PAGE_ROWS = 6;

function optionId(contact: Contact): string {
  return `contact-option-${contact._id}`;
}

/** Whether a key press happened in a place that takes text, where `/` is a character to type. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

interface ContactFinderProps {
  finder: Finder;
  /** Every contact the member has; undefined while the list is read. */
  total: number | undefined;
  /** The contact shown beside the list (wide screens); null when none is. */
  selectedId: string | null;
  /** Where the keyboard is; the last contact opened when coming back to the list. */
  activeId: string | null;
  onActivate: (contactId: string | null) => void;
  onOpen: (contactId: string) => void;
  pendingIds: ReadonlySet<string>;
  /** A–Z index beside the list (phones). */
  hasAlphabetIndex: boolean;
  /** After the count: how many people newly shared their details. */
  countNote: ReactNode;
  /** Shown above the search: the activation offer, saves waiting to be sent. */
  notices: ReactNode;
}

export function ContactFinder({
  finder,
  total,
  selectedId,
  activeId,
  onActivate,
  onOpen,
  pendingIds,
  hasAlphabetIndex,
  countNote,
  notices,
}: ContactFinderProps) {
  const { shown, words, filters, setFilters, sortMode, query } = finder;
  const list = useRef<VirtualListHandle>(null);
  const search = useRef<HTMLInputElement>(null);
  const found = indexOfContact(shown, activeId);
  const activeIndex = found === -1 ? 0 : found;
  const active = shown[activeIndex];
  const isFiltered = words.length > 0 || hasFilters(filters);
  // The same function on every draw, so rows left unchanged by a keystroke are not drawn again.
  const openRow = useCallback(
    (contactId: string) => {
      onActivate(contactId);
      onOpen(contactId);
    },
    [onActivate, onOpen],
  );
  const letters =
    hasAlphabetIndex && (sortMode === 'name' || sortMode === 'company') ? lettersOf(shown, sortMode) : null;

  // `/` anywhere on the screen goes to the search, as in Gmail and GitHub.
  useEffect(() => {
    function focusSearch(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      if (isAnyDialogOpen()) return;
      event.preventDefault();
      search.current?.focus();
    }
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  // Coming back to the list, the contact last opened is in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list is first drawn.
  useEffect(() => {
    if (found > 0) list.current?.scrollToRow(found, 'nearest');
  }, []);

  function moveTo(index: number) {
    const target = shown[Math.max(0, Math.min(shown.length - 1, index))];
    if (!target) return;
    onActivate(target._id);
    list.current?.scrollToRow(shown.indexOf(target), 'nearest');
  }

  function handleListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + PAGE_ROWS,
      PageUp: activeIndex - PAGE_ROWS,
      Home: 0,
      End: shown.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) moveTo(next);
    else if ((event.key === 'Enter' || event.key === ' ') && active) onOpen(active._id);
    else return;
    event.preventDefault();
  }

  function handleSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      list.current?.focus();
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      onOpen(active._id);
    }
  }

  function changeQuery(next: string) {
    finder.setQuery(next);
    // A new search starts from its best match, at the top.
    onActivate(null);
    list.current?.scrollToRow(0, 'start');
  }

  const isLoading = total === undefined || finder.isWaiting;
  const shownCount = isFiltered || sortMode === 'flagged' ? shown.length : total;
  const countLine = isLoading
    ? 'Loading contacts…'
    : shownCount === total
      ? plural(total)
      : `${shownCount} of ${plural(total)}`;

  return (
    <div className={styles.finder}>
      <div className={styles.top}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>Contacts</h1>
          {/* On the page from the start: a live region added with its text is often not read out. */}
          <p className={styles.count} role="status">
            {countLine}
            {!isLoading && countNote}
          </p>
        </div>
        {notices}
        <div className={styles.searchBox}>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          <input
            ref={search}
            type="search"
            className={styles.search}
            aria-label="Search contacts"
            aria-controls={shown.length > 0 ? LIST_ID : undefined}
            aria-keyshortcuts="/"
            placeholder="Search name, company, notes, place…"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={query}
            disabled={total === undefined}
            onChange={(event) => changeQuery(event.target.value)}
            onKeyDown={handleSearchKeyDown}
          />
        </div>
        <div className={styles.tools}>
          <label className={styles.sort}>
            <span className={styles.toolLabel}>Sort by</span>
            <select
              className={styles.select}
              value={sortMode}
              onChange={(event) => {
                if (!isSortMode(event.target.value)) return;
                finder.setSortMode(event.target.value);
                onActivate(null);
                list.current?.scrollToRow(0, 'start');
              }}
            >
              {SORT_MODES.map((mode) => (
                <option key={mode.id} value={mode.id}>
                  {mode.label}
                </option>
              ))}
            </select>
          </label>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset. */}
          <div className={styles.filters} role="group" aria-label="Filters">
            <FilterToggle
              label="Flagged"
              isOn={filters.isFlagged}
              onToggle={() => setFilters({ ...filters, isFlagged: !filters.isFlagged })}
            />
            <FilterToggle
              label="This week"
              isOn={filters.isThisWeek}
              onToggle={() => setFilters({ ...filters, isThisWeek: !filters.isThisWeek })}
            />
            <FilterToggle
              label="Has notes"
              isOn={filters.hasNotes}
              onToggle={() => setFilters({ ...filters, hasNotes: !filters.hasNotes })}
            />
            <FilterChoice
              label="Event"
              anyLabel="Any event"
              choices={finder.events}
              value={filters.event}
              onChange={(event) => setFilters({ ...filters, event })}
            />
            <FilterChoice
              label="Met"
              anyLabel="Anywhere"
              choices={finder.places}
              value={filters.place}
              onChange={(place) => setFilters({ ...filters, place })}
            />
          </div>
        </div>
      </div>

      {isLoading ? (
        <div className={styles.loading} aria-busy="true" />
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{ContactMessages.empty}</p>
          <p className={styles.emptyHint}>
            {emptyHint(total ?? 0, isFiltered, sortMode === 'flagged', query)}
          </p>
          {isFiltered && (
            <button
              type="button"
              className={styles.clear}
              onClick={() => {
                finder.setQuery('');
                setFilters(NO_FILTERS);
              }}
            >
              Clear search and filters
            </button>
          )}
        </div>
      ) : (
        <div className={styles.listArea}>
          <VirtualList
            id={LIST_ID}
            handle={list}
            className={styles.list}
            role="listbox"
            aria-label="Contact list"
            tabIndex={0}
            aria-activedescendant={active ? optionId(active) : undefined}
            // Opening a contact from the list keeps edit mode on (the cards' Send Card and Delete).
            data-edit-zone
            count={shown.length}
            rowHeight={CONTACT_ROW_HEIGHT_PX}
            onKeyDown={handleListKeyDown}
            renderRow={(index, style) => {
              const contact = shown[index] as Contact;
              return (
                <ContactRow
                  id={optionId(contact)}
                  contact={contact}
                  words={words}
                  style={style}
                  position={index + 1}
                  count={shown.length}
                  isSelected={contact._id === selectedId}
                  isActive={index === activeIndex}
                  isPending={pendingIds.has(contact._id)}
                  onOpen={openRow}
                />
              );
            }}
          />
          {letters && letters.size > 1 && (
            <AlphabetIndex
              letters={letters}
              onJump={(row) => {
                const target = shown[row];
                if (target) onActivate(target._id);
                list.current?.scrollToRow(row, 'start');
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

function plural(count: number): string {
  return count === 1 ? '1 contact' : `${count} contacts`;
}

function emptyHint(total: number, isFiltered: boolean, isFlaggedOnly: boolean, query: string): string {
  if (total === 0) return 'Tap someone’s Tapnet card and save it: they will appear here.';
  if (isFiltered && query.trim()) return `No one matches “${query.trim()}” here.`;
  if (isFiltered) return 'No one matches these filters.';
  return isFlaggedOnly ? 'Flag a contact to find them here.' : '';
}

function FilterToggle({ label, isOn, onToggle }: { label: string; isOn: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={styles.chip} aria-pressed={isOn} onClick={onToggle}>
      {label}
    </button>
  );
}

interface FilterChoiceProps {
  label: string;
  anyLabel: string;
  choices: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A filter by one of the values contacts carry (an event, a place); shown only when some carry one. */
function FilterChoice({ label, anyLabel, choices, value, onChange }: FilterChoiceProps) {
  if (choices.length === 0) return null;
  return (
    <label className={styles.sort}>
      <span className={styles.toolLabel}>{label}</span>
      <select
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
}
