// The public card (spec §2 /nfc): what a tap opens. Rendered on the server too, so it must render the
// same first frame there and in the browser: anything that needs the browser happens in effects.
import { useEffect, useRef, useState } from 'react';
import type { CardLookupResult, PublicCard } from '../../../contract/card';
import type { CreateContactRequest } from '../../../contract/contacts';
import { fetchPublicCard, sendCardEvent, vCardUrl } from '../../api/cards';
import { hasStoredSession } from '../../session/has-stored-session';
import { storePendingCardSave } from '../../session/pending-card-save';
import { useSessionStore } from '../../session/session-store';
import { describeSaveOutcome } from '../../sync/save-outcome-messages';
import { Button } from '../../ui/button';
import { type CardLinkKind, CardLinks } from '../../ui/card-links';
import { Icon } from '../../ui/icon';
import { LogoMark } from '../../ui/logo';
import { showToast } from '../../ui/toast-store';
import { ConfirmLocationDialog } from './confirm-location-dialog';
import {
  captureLocation,
  decideLocation,
  LocationMessages,
  needsLocationConfirmation,
  POOR_ACCURACY_M,
} from './location';
import { collectNfcSignals, isLikelyNfc, type ReferrerKind } from './nfc-likelihood';
import styles from './public-card.module.css';

type PageState = CardLookupResult | { kind: 'loading' } | { kind: 'offline' } | { kind: 'error' };

export interface PublicCardPageProps {
  nfcUID: string;
  /** The card the server inlined; null when the page came from the offline shell or a client navigation. */
  initial: CardLookupResult | null;
  /** Where the back button goes: /my-card when the owner opened the preview from there. */
  backTo: string | null;
  navigate(to: string): void;
}

const AFTER_SAVE_PATH = '/contacts';

export function PublicCardPage({ nfcUID, initial, backTo, navigate }: PublicCardPageProps) {
  const [state, setState] = useState<PageState>(initial ?? { kind: 'loading' });

  useEffect(() => {
    if (initial) return;
    let isCurrent = true;
    fetchPublicCard(nfcUID)
      .then((result) => isCurrent && setState(result))
      .catch(() => isCurrent && setState({ kind: navigator.onLine ? 'error' : 'offline' }));
    return () => {
      isCurrent = false;
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
        {state.kind === 'card' ? (
          <CardView card={state.card} navigate={navigate} />
        ) : (
          <CardMessage state={state} nfcUID={nfcUID} navigate={navigate} />
        )}
      </div>
    </main>
  );
}

function CardMessage({
  state,
  nfcUID,
  navigate,
}: {
  state: Exclude<PageState, { kind: 'card' }>;
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
    offline: {
      title: "You're offline",
      body: 'This card cannot be loaded without a connection. Try again when you are back online.',
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
        <Button isFullWidth onClick={() => navigate(`/my-card?activateCard=${encodeURIComponent(nfcUID)}`)}>
          Activate this card
        </Button>
      )}
      {(state.kind === 'offline' || state.kind === 'error') && (
        <Button variant="secondary" isFullWidth onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
    </section>
  );
}

function toPayload(card: PublicCard): CreateContactRequest {
  const { userId: _, ...fields } = card;
  return fields;
}

function CardView({ card, navigate }: { card: PublicCard; navigate(to: string): void }) {
  const account = useSessionStore((session) => session.account);
  const openedAt = useRef(0);
  const nfc = useRef<{ referrer: ReferrerKind; isLikelyNfc: boolean }>({
    referrer: 'none',
    isLikelyNfc: false,
  });
  const [canShare, setCanShare] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const isOwner = account?._id === card.userId;

  useEffect(() => {
    openedAt.current = Date.now();
    const signals = collectNfcSignals();
    nfc.current = { referrer: signals.referrer, isLikelyNfc: isLikelyNfc(signals) };
    sendCardEvent(card.nfcUID, { type: 'view', referrer: signals.referrer });
    if (nfc.current.isLikelyNfc) sendCardEvent(card.nfcUID, { type: 'tap', referrer: signals.referrer });
    setCanShare(typeof navigator.share === 'function');
  }, [card.nfcUID]);

  const reportLink = (link: CardLinkKind | 'vcard' | 'share') =>
    sendCardEvent(card.nfcUID, { type: 'link_click', link, referrer: nfc.current.referrer });

  async function save(withLocation: boolean) {
    setIsConfirming(false);
    setIsSaving(true);
    const payload = toPayload(card);
    if (withLocation) {
      const decision = decideLocation({
        isSupported: 'geolocation' in navigator,
        isLikelyNfc: nfc.current.isLikelyNfc,
        openedAt: openedAt.current,
        now: Date.now(),
      });
      if (decision === 'not-nfc') showToast('info', LocationMessages.notNfc);
      if (decision === 'capture') {
        const location = await captureLocation();
        if (location.kind === 'error') showToast('info', location.message);
        else {
          payload.lat = location.lat;
          payload.lng = location.lng;
          if (location.accuracy > POOR_ACCURACY_M) showToast('info', LocationMessages.poorAccuracy);
        }
      }
    }
    // The outbox (Dexie) is only needed once someone saves, so it stays out of the page's first load.
    const { saveContact } = await import('../../sync/contact-saves');
    const outcome = await saveContact(payload);
    const { kind, message } = describeSaveOutcome(outcome);
    showToast(kind, message);
    setIsSaving(false);
    if (outcome.kind !== 'failed' && outcome.kind !== 'unexpected') navigate(AFTER_SAVE_PATH);
  }

  function onSaveContact() {
    sendCardEvent(card.nfcUID, { type: 'save', referrer: nfc.current.referrer });
    if (!hasStoredSession()) {
      storePendingCardSave(card);
      navigate('/register');
      return;
    }
    if (needsLocationConfirmation(openedAt.current, Date.now())) setIsConfirming(true);
    else void save(true);
  }

  async function share() {
    reportLink('share');
    try {
      await navigator.share({ title: card.name, url: window.location.href });
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

  return (
    <article className={styles.card} aria-labelledby="card-name">
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
        <div>
          {card.pronouns && <p className={styles.pronouns}>{card.pronouns}</p>}
          <h1 id="card-name" className={styles.name}>
            {card.name}
          </h1>
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

      <div className={styles.actions}>
        {!isOwner && (
          <Button isFullWidth isBusy={isSaving} busyLabel="Saving..." onClick={onSaveContact}>
            <Icon name="save" /> Save Contact
          </Button>
        )}
        <div className={styles.secondaryActions}>
          <a
            className={styles.secondaryAction}
            href={vCardUrl(card.nfcUID)}
            download
            onClick={() => reportLink('vcard')}
          >
            <Icon name="download" /> Save to phone
          </a>
          {canShare && (
            <button type="button" className={styles.secondaryAction} onClick={share}>
              <Icon name="share" /> Share
            </button>
          )}
        </div>
      </div>
      {isConfirming && (
        <ConfirmLocationDialog
          onConfirm={() => save(true)}
          onCancel={() => save(false)}
          onDismiss={() => setIsConfirming(false)}
        />
      )}
    </article>
  );
}
