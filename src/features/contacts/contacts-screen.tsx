// /contacts (spec §2, §4; issue 27): the member's contacts as a searchable list, and the contact opened
// from it one at a time in a carousel, with a Map / Notes panel, edit mode (Delete, Send Card),
// invitations, and the card activation prompt. Phones show the list or the contact opened (`?contact=`,
// so Back returns to the list); wide screens show both side by side.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Contact } from '../../../contract/contacts';
import { AccountResource } from '../../api/user';
import { Stored } from '../../session/browser-storage';
import { useSessionStore } from '../../session/session-store';
import { usePendingInvitationCount } from '../../sync/invitation-count';
import { usePendingContactChanges, withPendingChanges } from '../../sync/pending';
import { useCachedResource } from '../../sync/use-cached-resource';
import { useContactList } from '../../sync/use-contacts';
import appBar from '../../ui/app-bar.module.css';
import { AppHeader } from '../../ui/app-header';
import { Icon } from '../../ui/icon';
import { isAnyDialogOpen } from '../../ui/open-dialogs';
import { ActivationPrompt, shouldPromptActivation } from './activation-prompt';
import { ContactCard } from './contact-card';
import { ContactCarousel } from './contact-carousel';
import { CompleteCardDialog, DeleteContactDialog } from './contact-dialogs';
import { ContactEvent, CurrentEventBar } from './contact-events';
import { ContactFinder } from './contact-finder';
import { readIgnoredContacts, writeIgnoredContacts } from './contact-order';
import { ContactPanel } from './contact-panel';
import styles from './contacts.module.css';
import { PendingSaves } from './pending-saves';
import { contactToSendBackTo, SEND_BACK_PARAM, SendBackPrompt } from './send-back-prompt';
import { useContactActions } from './use-contact-actions';
import { indexOfContact, useContactFinder } from './use-contact-finder';
import { useHasRoomForPanel, useIsWideScreen } from './use-wide-screen';

/**
 * The contact opened, in the URL: a reload or Back on a phone keeps the member where they were, and a
 * card page that says "already in your contacts" links to it.
 */
const OPENED_PARAM = 'contact';

/**
 * How many people shared their details with the member since they last left /contacts: the screen's
 * badge for them (issue 26). Leaving the screen counts them as seen.
 */
function useNewlySharedCount(contacts: Contact[] | undefined): number {
  const [seenAt] = useState(() => Stored.sharedDetailsSeenAt.read() ?? 0);
  useEffect(() => () => Stored.sharedDetailsSeenAt.write(Date.now()), []);
  return useMemo(
    () => contacts?.filter((contact) => Date.parse(contact.sharedWithYou?.at ?? '') > seenAt).length ?? 0,
    [contacts, seenAt],
  );
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
      if (event.key === 'Escape' && !isAnyDialogOpen()) setIsEditing(false);
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

const CONTACTS_LINKS = [{ to: '/contacts/new', label: 'Add someone', icon: 'save' }] as const;

export function ContactsScreen() {
  const accountLoad = useCachedResource(AccountResource);
  // The session check brought the account at start: it serves until the copy is loaded.
  const sessionAccount = useSessionStore((state) => state.account);
  const account = accountLoad.status === 'ready' ? accountLoad.value : sessionAccount;
  // The first screenful paints first; the whole list follows once it is on screen (docs/budgets.md).
  const { contacts: storedContacts, count, isComplete } = useContactList();
  const pendingChanges = usePendingContactChanges();
  // A flag, notes or a deletion waiting to be sent shows (and sorts) as the member chose it.
  const contacts = useMemo(
    () => storedContacts && withPendingChanges(storedContacts, pendingChanges),
    [storedContacts, pendingChanges],
  );
  const pendingIds = useMemo(() => new Set(pendingChanges.keys()), [pendingChanges]);
  const invitationCount = usePendingInvitationCount();
  const newlyShared = useNewlySharedCount(isComplete ? contacts : undefined);
  const actions = useContactActions(account);
  const [isEditing, setIsEditing] = useEditMode();
  const finder = useContactFinder(contacts, isComplete);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openedId = searchParams.get(OPENED_PARAM);
  const [activeId, setActiveId] = useState<string | null>(openedId);
  const sendBackTo = contactToSendBackTo(contacts, searchParams.get(SEND_BACK_PARAM));
  const [direction, setDirection] = useState<'previous' | 'next' | 'none'>('none');
  const [ignoredIds, setIgnoredIds] = useState(readIgnoredContacts);
  const [isPromptOpen, setIsPromptOpen] = useState(true);
  const isWideScreen = useIsWideScreen();
  const hasRoomForPanel = useHasRoomForPanel();

  const { shown } = finder;
  const openedIndex = indexOfContact(shown, openedId);
  // A contact opened beyond the first screenful shows once the whole list is read, with no other before it.
  const isOpenedComing = openedId !== null && openedIndex === -1 && !isComplete;
  // Spec §4: on wide screens the first contact is selected until the member picks another; a phone shows
  // the list until one is opened.
  const index = openedIndex !== -1 ? openedIndex : isWideScreen && !isOpenedComing ? 0 : -1;
  const selected: Contact | null = shown[index] ?? null;
  const isListShown = isWideScreen || (selected === null && !isOpenedComing);
  const isContactShown = isWideScreen || selected !== null || isOpenedComing;

  // One function while the screen's size and URL stay: the list's rows keep it across keystrokes.
  const open = useCallback(
    (contactId: string) => {
      setDirection('none');
      setActiveId(contactId);
      if (isWideScreen) setSearchParams({ [OPENED_PARAM]: contactId }, { replace: true });
      else
        navigate(
          { search: `?${OPENED_PARAM}=${encodeURIComponent(contactId)}` },
          { state: { fromList: true } },
        );
    },
    [isWideScreen, setSearchParams, navigate],
  );

  /** The carousel moved: the contact shown changes, but Back still leads to the list. */
  function select(next: number) {
    const contact = shown[next];
    if (!contact) return;
    setDirection(next > index ? 'next' : 'previous');
    setActiveId(contact._id);
    setSearchParams({ [OPENED_PARAM]: contact._id }, { replace: true, state: location.state });
  }

  function backToList() {
    const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
    if (cameFromList) navigate(-1);
    else setSearchParams({}, { replace: true });
  }

  function toggleSendCardHidden(contactId: string) {
    const next = ignoredIds.includes(contactId)
      ? ignoredIds.filter((id) => id !== contactId)
      : [...ignoredIds, contactId];
    writeIgnoredContacts(next);
    setIgnoredIds(next);
  }

  const editHint = isEditing && selected && (
    <p className={styles.editHint} role="status">
      Edit mode: Send Card or Delete on each card. Tap outside the cards to finish.
    </p>
  );

  return (
    <main className={`${appBar.screen} ${styles.page}`} data-fills-viewport>
      <AppHeader invitationCount={invitationCount} className={styles.header} screenLinks={CONTACTS_LINKS} />

      {isListShown && (
        <ContactFinder
          finder={finder}
          total={isComplete ? contacts?.length : count}
          selectedId={isWideScreen ? (selected?._id ?? null) : null}
          activeId={activeId}
          onActivate={setActiveId}
          onOpen={open}
          pendingIds={pendingIds}
          hasAlphabetIndex={!isWideScreen}
          countNote={
            newlyShared > 0 && (
              <span className={styles.newShared}>
                {newlyShared === 1 ? '1 new shared with you' : `${newlyShared} new shared with you`}
              </span>
            )
          }
          notices={
            <>
              {isPromptOpen && shouldPromptActivation(account) && (
                <ActivationPrompt onClose={() => setIsPromptOpen(false)} />
              )}
              <PendingSaves />
              {sendBackTo && (
                <SendBackPrompt
                  contact={sendBackTo}
                  isSending={actions.sendingId === sendBackTo._id}
                  onSend={() => void actions.sendCard(sendBackTo)}
                  onClose={() => setSearchParams({}, { replace: true })}
                />
              )}
              <CurrentEventBar />
              {isEditing && !isWideScreen && (
                <p className={styles.editHint} role="status">
                  Edit mode: open a contact to Send Card or Delete.
                </p>
              )}
            </>
          }
        />
      )}

      {isContactShown && (
        <div className={styles.detail}>
          <div className={styles.content}>
            <div className={styles.column}>
              <div className={styles.detailBar}>
                {!isWideScreen && (
                  <>
                    <h1 className="visually-hidden">Contacts</h1>
                    <button type="button" className={styles.backToList} onClick={backToList}>
                      <Icon name="back" size={18} />
                      All contacts
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className={`${styles.editToggle} ${isEditing ? styles.editToggleOn : ''}`}
                  aria-pressed={isEditing}
                  disabled={!selected}
                  data-edit-zone
                  onClick={() => setIsEditing((editing) => !editing)}
                >
                  <Icon name="pencil" size={18} />
                  {isEditing ? 'Done' : 'Edit'}
                </button>
              </div>
              {editHint}
              {selected && (
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
                    >
                      <ContactEvent
                        contact={selected}
                        isPending={pendingChanges.get(selected._id)?.event !== undefined}
                      />
                    </ContactCard>
                  </ContactCarousel>
                </div>
              )}
            </div>
          </div>
          <ContactPanel contact={selected} isEditing={isEditing} isDocked={hasRoomForPanel} />
        </div>
      )}

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
