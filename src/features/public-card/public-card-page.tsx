// The public card (spec §2 /nfc): what a tap opens. Rendered on the server too, so it must render the
// same first frame there and in the browser: anything that needs the browser happens in effects.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CardLookupResult, PublicCard, Tap } from '../../../contract/card';
import { type CardSource, cardSerial, withCardSource } from '../../../contract/card-paths';
import type { Contact, CreateContactRequest } from '../../../contract/contacts';
import { CardLookupFailedError, fetchPublicCard, sendCardEvent, vCardUrl } from '../../api/cards';
import { hasStoredSession } from '../../session/has-stored-session';
import { storePendingCardSave, type WhereWeMet } from '../../session/pending-card-save';
import { useSessionStore } from '../../session/session-store';
import { readSignedInUserId } from '../../session/signed-in-user';
import { describeSaveOutcome } from '../../sync/save-outcome-messages';
import { Button } from '../../ui/button';
import { type CardLinkKind, CardLinks } from '../../ui/card-links';
import { Icon } from '../../ui/icon';
import { LogoMark } from '../../ui/logo';
import { showToast } from '../../ui/toast-store';
import { ConfirmLocationDialog } from './confirm-location-dialog';
import { findKnownContact } from './known-contact';
import {
  captureLocation,
  decideLocation,
  LocationMessages,
  needsLocationConfirmation,
  POOR_ACCURACY_M,
} from './location';
import { collectNfcSignals, isLikelyNfc, type ReferrerKind, visitSource } from './nfc-likelihood';
import styles from './public-card.module.css';
import type { ShareDetailsForm } from './share-details-form';
import { ShareDetailsSection } from './share-details-section';
import { tapProofIn } from './tap-proof';

/** Loaded when a visitor opens it: none of its code is in the card's first script (issue 26). */
const EmailMeForm = lazy(() =>
  import('./email-me-form').then(({ EmailMeForm: Form }) => ({ default: Form })),
);

/**
 * `local-copy`: no network, the card as this phone last showed it. `offline`: no network and never
 * seen here, so only its ID is known; it can still be saved (DESIGN.md §4 Offline taps).
 */
type PageState =
  | CardLookupResult
  | { kind: 'local-copy'; card: PublicCard }
  | { kind: 'offline' }
  | { kind: 'loading' }
  | { kind: 'error' };

export interface PublicCardPageProps {
  nfcUID: string;
  /** The card the server inlined; null when the page came from the offline shell or a client navigation. */
  initial: CardLookupResult | null;
  /** Where the back button goes: /my-card when the owner opened the preview from there. */
  backTo: string | null;
  navigate(to: string): void;
}

const AFTER_SAVE_PATH = '/contacts';
/** Names the card just saved, for /contacts' "Send your card back?" (src/features/contacts/send-back-prompt.tsx). */
export const SEND_BACK_PARAM = 'sendBack';

export function PublicCardPage({ nfcUID, initial, backTo, navigate }: PublicCardPageProps) {
  const [state, setState] = useState<PageState>(initial ?? { kind: 'loading' });

  useEffect(() => {
    if (initial) return;
    let isCurrent = true;
    const load = () =>
      fetchPublicCard(nfcUID, tapProofIn(location.search))
        .then((result) => {
          if (!isCurrent) return;
          // An old card link (the server redirects its page; this is the offline shell's way there).
          if (result.kind === 'card' && result.card.nfcUID !== nfcUID) {
            history.replaceState(
              history.state,
              '',
              location.pathname.replace(/[^/]+\/?$/, result.card.nfcUID),
            );
          }
          setState(result);
        })
        .catch(async (error: unknown) => {
          // The server answered something unusable: that is an error, not a missing signal.
          const next: PageState =
            error instanceof CardLookupFailedError && navigator.onLine
              ? { kind: 'error' }
              : await readLocalCopy(nfcUID);
          if (isCurrent) setState(next);
        });
    void load();
    // Opened with no signal: once it returns, the card comes from the server and the offline notice goes.
    window.addEventListener('online', load);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', load);
    };
  }, [nfcUID, initial]);

  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <header className={styles.topBar}>
          {backTo ? (
            <button type="button" className={styles.back} onClick={() => navigate(backTo)}>
              <Icon name="back" /> Back
            </button>
          ) : (
            <span />
          )}
          <span className={styles.brand}>
            <LogoMark size={28} />
            <span>Tapnet</span>
          </span>
        </header>
        {state.kind === 'card' || state.kind === 'local-copy' || state.kind === 'offline' ? (
          <CardView
            card={state.kind === 'offline' ? placeholderCard(nfcUID) : state.card}
            seen={state.kind === 'card' ? 'now' : state.kind === 'local-copy' ? 'before' : 'never'}
            tap={state.kind === 'card' ? state.tap : undefined}
            navigate={navigate}
          />
        ) : (
          <CardMessage state={state} nfcUID={nfcUID} navigate={navigate} />
        )}
      </div>
    </main>
  );
}

/** Members' copies of cards they opened; without a stored session nothing is kept (nor loaded). */
async function readLocalCopy(nfcUID: string): Promise<PageState> {
  if (!hasStoredSession()) return { kind: 'offline' };
  const { readCardPage } = await import('../../db/card-pages');
  const card = await readCardPage(nfcUID).catch(() => null);
  return card ? { kind: 'local-copy', card } : { kind: 'offline' };
}

function rememberCard(card: PublicCard): void {
  if (!hasStoredSession()) return;
  void import('../../db/card-pages')
    .then(({ rememberCardPage }) => rememberCardPage(card))
    .catch((error: unknown) => console.warn('Card copy: write failed', error));
}

/** What is known of a card tapped with no signal that this phone never showed: its ID. */
function placeholderCard(nfcUID: string): PublicCard {
  return {
    nfcUID,
    userId: '',
    name: '',
    pronouns: '',
    company: '',
    role: '',
    email: '',
    phone: '',
    linkedinURL: '',
    additionalURL: '',
  };
}

function CardMessage({
  state,
  nfcUID,
  navigate,
}: {
  state: Exclude<PageState, { kind: 'card' | 'local-copy' | 'offline' }>;
  nfcUID: string;
  navigate(to: string): void;
}) {
  if (state.kind === 'loading') {
    return (
      <section className={styles.card} aria-busy="true" aria-label="Loading business card">
        <div className={styles.skeletonTitle} />
        <div className={styles.skeletonLine} />
        <div className={styles.skeletonLine} />
        <p className={styles.muted} role="status">
          Loading business card…
        </p>
      </section>
    );
  }
  const text = {
    unclaimed: {
      title: 'This card has not been activated yet',
      body: 'Is it yours? Activate it to share your business card with a tap.',
    },
    'not-found': {
      title: 'Card not found',
      body: 'This link does not belong to a Tapnet card. Check the address, or tap the card again.',
    },
    error: { title: 'Something went wrong', body: 'The card could not be loaded. Please try again.' },
  }[state.kind];
  return (
    <section className={`${styles.card} ${styles.message}`} aria-labelledby="card-message-title">
      <span className={styles.messageIcon}>
        <Icon name="card" />
      </span>
      <h1 id="card-message-title" className={styles.messageTitle}>
        {text.title}
      </h1>
      <p className={styles.muted}>{text.body}</p>
      {state.kind === 'unclaimed' && (
        <Button isFullWidth onClick={() => navigate(activationPath(nfcUID))}>
          Activate this card
        </Button>
      )}
      {state.kind === 'error' && (
        <Button variant="secondary" isFullWidth onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
    </section>
  );
}

/**
 * A member activates on /my-card at once; a new holder (no session here) starts by creating the account
 * the card is linked to after verification, with the way to log in instead offered there.
 */
function activationPath(nfcUID: string): string {
  const cardId = encodeURIComponent(nfcUID);
  return hasStoredSession() ? `/my-card?activateCard=${cardId}` : `/register?cardId=${cardId}`;
}

/** A card never seen here is saved by its ID alone; the server fills in the rest from the card it holds. */
function toPayload(card: PublicCard, seen: CardSeen): CreateContactRequest {
  if (seen === 'never') return { nfcUID: card.nfcUID };
  const { userId: _, ...fields } = card;
  return fields;
}

/** `now`: from the server; `before`: this phone's copy; `never`: only the ID is known. */
type CardSeen = 'now' | 'before' | 'never';

export const OfflineCardMessages = {
  localCopy: "You're offline: this is the card as it was when you last opened it.",
  neverSeen:
    "You're offline and this card has not been opened on this phone before, so its details will show once you are back online. You can save it now.",
  savedSignedOut:
    'Saved on this phone. Sign in when you are back online and it will be added to your contacts.',
  alreadySaved: (name: string) => `${name} is already in your contacts.`,
} as const;

function CardView({
  card,
  seen,
  tap,
  navigate,
}: {
  card: PublicCard;
  seen: CardSeen;
  /** What the server found the tap that opened the page proved; unknown offline. */
  tap: Tap | undefined;
  navigate(to: string): void;
}) {
  const isVerifiedTap = tap?.verified === true;
  const account = useSessionStore((session) => session.account);
  const openedAt = useRef(0);
  const isOwnLook = useRef(false);
  const nfc = useRef<{ referrer: ReferrerKind; isLikelyNfc: boolean; source: CardSource }>({
    referrer: 'none',
    isLikelyNfc: false,
    source: 'other',
  });
  const [canShare, setCanShare] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [isKeptForSignIn, setIsKeptForSignIn] = useState(false);
  const [known, setKnown] = useState<Contact | null>(null);
  const [shareForm, setShareForm] = useState<{ Form: typeof ShareDetailsForm } | null>(null);
  const [isEmailMeOpen, setIsEmailMeOpen] = useState(false);
  const isOwner = card.userId !== '' && account?._id === card.userId;
  const accountId = account?._id;

  // Loaded once the card is hydrated, so it never holds up the card's first paint (issue 26).
  useEffect(() => {
    if (seen !== 'now') return;
    let isCurrent = true;
    void import('./share-details-form').then(
      ({ ShareDetailsForm: Form }) => isCurrent && setShareForm({ Form }),
    );
    return () => {
      isCurrent = false;
    };
  }, [seen]);

  useEffect(() => {
    if (!accountId || isOwner || seen === 'never') return;
    let isCurrent = true;
    void findKnownContact(card, accountId).then((contact) => isCurrent && setKnown(contact));
    return () => {
      isCurrent = false;
    };
  }, [card, accountId, isOwner, seen]);

  useEffect(() => {
    if (seen === 'now') rememberCard(card);
  }, [card, seen]);

  useEffect(() => {
    openedAt.current = Date.now();
    const signals = collectNfcSignals();
    // A verified tap is certain: it replaces the guess from the page's signals.
    const source = isVerifiedTap ? 'nfc' : visitSource(location.search, isLikelyNfc(signals));
    // A shared link opened on a phone looks like a tap, but nobody met there.
    nfc.current = {
      referrer: signals.referrer,
      isLikelyNfc: isVerifiedTap || (source !== 'link' && isLikelyNfc(signals)),
      source,
    };
    setCanShare(typeof navigator.share === 'function');
    // The owner's own look at their card (Preview Card, a check after editing) is nobody's visit.
    isOwnLook.current = card.userId !== '' && readSignedInUserId() === card.userId;
    if (isOwnLook.current) return;
    sendCardEvent(card.nfcUID, { type: 'view', referrer: signals.referrer, source });
    if (source !== 'nfc') return;
    // The tap's signed data lets the server count it as a verified tap in the owner's analytics.
    const tapProof = isVerifiedTap ? tapProofIn(location.search) : null;
    sendCardEvent(card.nfcUID, {
      type: 'tap',
      referrer: signals.referrer,
      source,
      ...(tapProof ? { tap: tapProof } : null),
    });
  }, [card.nfcUID, card.userId, isVerifiedTap]);

  const reportLink = (link: CardLinkKind | 'vcard' | 'share') => {
    if (isOwnLook.current) return;
    sendCardEvent(card.nfcUID, {
      type: 'link_click',
      link,
      referrer: nfc.current.referrer,
      source: nfc.current.source,
    });
  };

  /** Where they met, when the location rules (spec §4 Save-contact flow) allow taking it now. */
  async function whereWeMet(): Promise<WhereWeMet | null> {
    const decision = decideLocation({
      isSupported: 'geolocation' in navigator,
      isLikelyNfc: nfc.current.isLikelyNfc,
      openedAt: openedAt.current,
      now: Date.now(),
    });
    if (decision === 'not-nfc') showToast('info', LocationMessages.notNfc);
    if (decision !== 'capture') return null;
    const location = await captureLocation();
    if (location.kind === 'error') {
      showToast('info', location.message);
      return null;
    }
    if (location.accuracy > POOR_ACCURACY_M) showToast('info', LocationMessages.poorAccuracy);
    return { lat: location.lat, lng: location.lng };
  }

  async function save(withLocation: boolean) {
    setIsConfirming(false);
    setIsSaving(true);
    // The server checks the tap again (or for the first time, for a save made offline).
    const tapProof = tapProofIn(location.search);
    const payload = {
      ...toPayload(card, seen),
      ...(withLocation ? await whereWeMet() : null),
      ...(tapProof ? { tap: tapProof } : null),
    };
    // The outbox (Dexie) is only needed once someone saves, so it stays out of the page's first load.
    const { saveContact } = await import('../../sync/contact-saves');
    const outcome = await saveContact(payload);
    const { kind, message } = describeSaveOutcome(outcome);
    showToast(kind, message);
    setIsSaving(false);
    // Saved now: /contacts offers to send the member's card back in one tap (issue 26).
    if (outcome.kind === 'saved')
      navigate(`${AFTER_SAVE_PATH}?${SEND_BACK_PARAM}=${encodeURIComponent(card.nfcUID)}`);
    else if (outcome.kind !== 'failed' && outcome.kind !== 'unexpected') navigate(AFTER_SAVE_PATH);
  }

  function onSaveContact() {
    sendCardEvent(card.nfcUID, { type: 'save', referrer: nfc.current.referrer, source: nfc.current.source });
    if (!hasStoredSession()) {
      if (navigator.onLine) {
        storePendingCardSave(card, Date.now(), null, tapProofIn(location.search));
        navigate('/register');
      } else void keepForSignIn();
      return;
    }
    if (needsLocationConfirmation(openedAt.current, Date.now())) setIsConfirming(true);
    else void save(true);
  }

  /**
   * Registering needs the network: offline the save waits on this phone until they can sign in, with
   * where they met taken now (issue 24): by the time they have signed in they may be elsewhere.
   */
  async function keepForSignIn() {
    setIsSaving(true);
    storePendingCardSave(card, Date.now(), await whereWeMet(), tapProofIn(location.search));
    setIsSaving(false);
    setIsKeptForSignIn(true);
  }

  async function share() {
    reportLink('share');
    try {
      await navigator.share({
        title: card.name || 'Tapnet card',
        url: withCardSource(window.location.href, 'link'),
      });
    } catch {
      // Closing the share sheet rejects too; there is nothing to tell the user.
    }
  }

  const initials = card.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

  const saveActions = (
    <>
      <div className={styles.actions}>
        {isKeptForSignIn ? (
          <div className={styles.keptNotice} role="status">
            <p>{OfflineCardMessages.savedSignedOut}</p>
            <Button variant="secondary" isFullWidth onClick={() => navigate('/login')}>
              Log in
            </Button>
          </div>
        ) : known ? (
          <div className={styles.keptNotice} role="status">
            <p>{OfflineCardMessages.alreadySaved(known.name || card.name)}</p>
            <Button
              variant="secondary"
              isFullWidth
              onClick={() => navigate(`/contacts?contact=${known._id}`)}
            >
              Open contact
            </Button>
          </div>
        ) : (
          !isOwner && (
            <Button isFullWidth isBusy={isSaving} busyLabel="Saving..." onClick={onSaveContact}>
              <Icon name="save" /> Save Contact
            </Button>
          )
        )}
        <div className={styles.secondaryActions}>
          {/* The vCard comes from the server: offered only when the server just answered. */}
          {seen === 'now' && (
            <a
              className={styles.secondaryAction}
              href={vCardUrl(card.nfcUID)}
              download
              onClick={() => reportLink('vcard')}
            >
              <Icon name="download" /> Save to phone
            </a>
          )}
          {canShare && (
            <button type="button" className={styles.secondaryAction} onClick={share}>
              <Icon name="share" /> Share
            </button>
          )}
          {/* For a phone that will not import the vCard: the card by e-mail (issue 26). */}
          {seen === 'now' && !isOwner && (
            <button
              type="button"
              className={styles.secondaryAction}
              aria-expanded={isEmailMeOpen}
              onClick={() => setIsEmailMeOpen(true)}
            >
              <Icon name="mail" /> E-mail me this card
            </button>
          )}
        </div>
      </div>
      {isConfirming && (
        <ConfirmLocationDialog
          onConfirm={() => save(true)}
          onSaveWithoutLocation={() => save(false)}
          onDismiss={() => setIsConfirming(false)}
        />
      )}
    </>
  );

  if (seen === 'never') {
    return (
      <article className={styles.card} aria-labelledby="card-name">
        <div className={styles.identity}>
          <span className={styles.avatar} aria-hidden="true">
            <Icon name="card" />
          </span>
          <div>
            <h1 id="card-name" className={styles.name}>
              Tapnet card {cardSerial(card.nfcUID)}
            </h1>
            <p className={styles.cardId}>Card ID {card.nfcUID}</p>
          </div>
        </div>
        <p className={styles.muted}>{OfflineCardMessages.neverSeen}</p>
        {saveActions}
      </article>
    );
  }

  return (
    <>
      <article className={styles.card} aria-labelledby="card-name">
        {seen === 'before' && <p className={styles.muted}>{OfflineCardMessages.localCopy}</p>}
        <div className={styles.identity}>
          <span className={styles.avatar} aria-hidden="true">
            {initials}
          </span>
          <div>
            {card.pronouns && <p className={styles.pronouns}>{card.pronouns}</p>}
            <h1 id="card-name" className={styles.name}>
              {card.name}
            </h1>
            {isVerifiedTap && (
              <p className={styles.verifiedTap}>
                <Icon name="check" size={16} /> Verified tap
              </p>
            )}
            {(card.role || card.company) && (
              <p className={styles.position}>
                {card.role}
                {card.role && card.company && <span aria-hidden="true"> · </span>}
                {card.role && card.company && <span className={styles.visuallyHidden}> at </span>}
                {card.company}
              </p>
            )}
          </div>
        </div>

        <CardLinks card={card} label="Contact details" onLinkClick={reportLink} />

        {saveActions}
      </article>
      {isEmailMeOpen && (
        <Suspense
          fallback={
            <p className={styles.muted} role="status">
              Loading…
            </p>
          }
        >
          <EmailMeForm cardKey={card.nfcUID} ownerName={card.name} />
        </Suspense>
      )}
      {seen === 'now' && !isOwner && !known && (
        <ShareDetailsSection ownerName={card.name}>
          {shareForm ? (
            <shareForm.Form cardKey={card.nfcUID} ownerName={card.name} source={nfc.current.source} />
          ) : (
            <p className={styles.formLoading}>Loading the form...</p>
          )}
        </ShareDetailsSection>
      )}
    </>
  );
}
