// /contacts (spec §2, §4): the member's contacts one at a time, sorted their way, with a Map / Notes
// panel for the one shown, edit mode (Delete, Send Card), invitations, and the card activation prompt.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../../contract/contacts';
import { InvitationsResource } from '../../api/invitations';
import { AccountResource } from '../../api/user';
import { Stored } from '../../session/browser-storage';
import { useSessionStore } from '../../session/session-store';
import { usePendingContactChanges, withPendingChanges } from '../../sync/pending';
import { useCachedResource } from '../../sync/use-cached-resource';
import { useContacts } from '../../sync/use-contacts';
import appBar from '../../ui/app-bar.module.css';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Icon } from '../../ui/icon';
import { Logo } from '../../ui/logo';
import { ActivationPrompt, shouldPromptActivation } from './activation-prompt';
import { ContactCard } from './contact-card';
import { ContactCarousel } from './contact-carousel';
import { CompleteCardDialog, DeleteContactDialog } from './contact-dialogs';
import { ContactList, useIsWideScreen } from './contact-list';
import {
  isSortMode,
  orderContacts,
  readIgnoredContacts,
  SORT_MODES,
  type SortMode,
  writeIgnoredContacts,
} from './contact-order';
import { ContactPanel } from './contact-panel';
import styles from './contacts.module.css';
import { ContactMessages } from './messages';
import { PendingSaves } from './pending-saves';
import { useContactActions } from './use-contact-actions';

const SETTINGS_MENU = [
  { label: 'Map', to: '/map' },
  { label: 'My Account', to: '/account' },
  { label: 'My Card', to: '/my-card' },
  { label: 'Insights', to: '/insights' },
  { label: 'Settings', to: '/settings' },
] as const;

/** Pending invitations for the badge; null hides it (none, or they could not be loaded). */
function usePendingInvitationCount(): number | null {
  const invitations = useCachedResource(InvitationsResource);
  return invitations.status === 'ready' ? invitations.value.length : null;
}

/** Edit mode: entered from /edit-contacts (which leaves enableEditMode) or the Edit button. */
function useEditMode() {
  const [isEditing, setIsEditing] = useState(() => Stored.enableEditMode.read() === true);

  useEffect(() => Stored.enableEditMode.remove(), []);

  useEffect(() => {
    if (!isEditing) return;
    // Spec §2: a click outside the cards leaves edit mode; dialogs opened from a card are part of it.
    function leaveOnOutsidePress(event: PointerEvent) {
      if (!(event.target instanceof Element) || event.target.closest('[data-edit-zone], dialog')) return;
      setIsEditing(false);
    }
    function leaveOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) setIsEditing(false);
    }
    document.addEventListener('pointerdown', leaveOnOutsidePress);
    document.addEventListener('keydown', leaveOnEscape);
    return () => {
      document.removeEventListener('pointerdown', leaveOnOutsidePress);
      document.removeEventListener('keydown', leaveOnEscape);
    };
  }, [isEditing]);

  return [isEditing, setIsEditing] as const;
}

export function ContactsScreen() {
  const accountLoad = useCachedResource(AccountResource);
  // The session check brought the account at start: it serves until the copy is loaded.
  const sessionAccount = useSessionStore((state) => state.account);
  const account = accountLoad.status === 'ready' ? accountLoad.value : sessionAccount;
  const storedContacts = useContacts();
  const pendingChanges = usePendingContactChanges();
  // A flag, notes or a deletion waiting to be sent shows (and sorts) as the member chose it.
  const contacts = useMemo(
    () => storedContacts && withPendingChanges(storedContacts, pendingChanges),
    [storedContacts, pendingChanges],
  );
  const invitationCount = usePendingInvitationCount();
  const actions = useContactActions(account);
  const [isEditing, setIsEditing] = useEditMode();
  const [sortMode, setSortMode] = useState<SortMode>('recent');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [direction, setDirection] = useState<'previous' | 'next' | 'none'>('none');
  const [ignoredIds, setIgnoredIds] = useState(readIgnoredContacts);
  const [isPromptOpen, setIsPromptOpen] = useState(true);
  const isWideScreen = useIsWideScreen();

  // Sorting thousands of contacts again on every selection or toast would slow each of them.
  const shown = useMemo(() => (contacts ? orderContacts(contacts, sortMode) : []), [contacts, sortMode]);
  // Spec §4: the first contact is selected until the member picks another.
  const foundIndex = shown.findIndex((contact) => contact._id === selectedId);
  const index = foundIndex === -1 ? 0 : foundIndex;
  const selected: Contact | null = shown[index] ?? null;

  function select(next: number) {
    const contact = shown[next];
    if (!contact) return;
    setDirection(next > index ? 'next' : 'previous');
    setSelectedId(contact._id);
  }

  function toggleSendCardHidden(contactId: string) {
    const next = ignoredIds.includes(contactId)
      ? ignoredIds.filter((id) => id !== contactId)
      : [...ignoredIds, contactId];
    writeIgnoredContacts(next);
    setIgnoredIds(next);
  }

  return (
    <main className={`${appBar.screen} ${styles.page}`}>
      <header className={`${appBar.bar} ${styles.header}`}>
        <Logo />
        <nav className={styles.headerActions} aria-label="Contacts">
          <Link
            to="/invitations"
            className={styles.iconButton}
            aria-label={invitationCount ? `Invitations (${invitationCount} pending)` : 'Invitations'}
          >
            <Icon name="inbox" />
            <span className={styles.iconButtonText}>Invitations</span>
            {invitationCount ? (
              <span className={styles.badge} aria-hidden="true">
                {invitationCount > 99 ? '99+' : invitationCount}
              </span>
            ) : null}
          </Link>
          <DropdownMenu label="Settings menu" items={SETTINGS_MENU} buttonClassName={styles.iconButton}>
            <Icon name="menu" />
            <span className={styles.iconButtonText}>Menu</span>
          </DropdownMenu>
        </nav>
      </header>

      {isWideScreen && <ContactList contacts={shown} selectedIndex={index} onSelect={select} />}

      <div className={styles.content}>
        <div className={styles.column}>
          <div className={styles.titleRow}>
            <div>
              <h1 className={styles.title}>Contacts</h1>
              {contacts && (
                <p className={styles.subtitle}>
                  {contacts.length === 1 ? '1 contact' : `${contacts.length} contacts`}
                </p>
              )}
            </div>
            <div className={styles.toolbar}>
              <label className={styles.sort}>
                <span className={styles.sortLabel}>Sort by</span>
                <select
                  className={styles.sortSelect}
                  value={sortMode}
                  onChange={(event) => {
                    if (!isSortMode(event.target.value)) return;
                    setSortMode(event.target.value);
                    // A new order starts from its first contact (spec §4: the first one is selected).
                    setSelectedId(null);
                    setDirection('none');
                  }}
                >
                  {SORT_MODES.map((mode) => (
                    <option key={mode.id} value={mode.id}>
                      {mode.label}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className={`${styles.editToggle} ${isEditing ? styles.editToggleOn : ''}`}
                aria-pressed={isEditing}
                disabled={!contacts?.length}
                data-edit-zone
                onClick={() => setIsEditing((editing) => !editing)}
              >
                <Icon name="pencil" size={18} />
                {isEditing ? 'Done' : 'Edit'}
              </button>
            </div>
          </div>

          {isPromptOpen && shouldPromptActivation(account) && (
            <ActivationPrompt onClose={() => setIsPromptOpen(false)} />
          )}
          <PendingSaves />
          {isEditing && shown.length > 0 && (
            <p className={styles.editHint} role="status">
              Edit mode: Send Card or Delete on each card. Tap outside the cards to finish.
            </p>
          )}

          {contacts === undefined ? (
            <div className={styles.loading} role="status" aria-busy="true">
              <span className={styles.skeletonCard} aria-hidden="true" />
              <span className="visually-hidden">Loading contacts…</span>
            </div>
          ) : shown.length === 0 || !selected ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{ContactMessages.empty}</p>
              <p className={styles.emptyHint}>
                {sortMode === 'flagged' && contacts.length > 0
                  ? 'Flag a contact to find them here.'
                  : 'Tap someone’s Tapnet card and save it: they will appear here.'}
              </p>
            </div>
          ) : (
            <div data-edit-zone>
              <ContactCarousel
                count={shown.length}
                index={index}
                direction={direction}
                slideKey={selected._id}
                nameAt={(at) => shown[at]?.name ?? ''}
                onSelect={select}
              >
                <ContactCard
                  contact={selected}
                  isEditing={isEditing}
                  isSendCardHidden={ignoredIds.includes(selected._id)}
                  isFlagBusy={false}
                  isFlagPending={pendingChanges.get(selected._id)?.isFlagged !== undefined}
                  isSending={actions.sendingId === selected._id}
                  onToggleFlag={() => actions.toggleFlag(selected)}
                  onSendCard={() => actions.sendCard(selected)}
                  onDelete={() => actions.askDelete(selected)}
                  onToggleSendCardHidden={() => toggleSendCardHidden(selected._id)}
                />
              </ContactCarousel>
            </div>
          )}
        </div>
      </div>

      <ContactPanel contact={selected} isEditing={isEditing} />

      {actions.toDelete && (
        <DeleteContactDialog
          contact={actions.toDelete}
          isDeleting={false}
          onConfirm={actions.confirmDelete}
          onClose={actions.cancelDelete}
        />
      )}
      {actions.isCompleteCardOpen && <CompleteCardDialog onClose={actions.closeCompleteCard} />}
    </main>
  );
}
