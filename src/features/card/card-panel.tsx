// The physical card on /my-card: its state, activation, and writing its address to a blank tag. The
// card link panel beside it shares the card without one.
import { SHOP_URL } from '../../config/env';
import { Badge } from '../../ui/badge';
import { buttonClassName } from '../../ui/button';
import { CardIdForm } from '../../ui/card-id-form';
import { Notice } from '../../ui/notice';
import { Panel, PanelText } from '../../ui/panel';
import type { ActivationFailure } from './activation';
import styles from './my-card.module.css';
import { isWebNfcAvailable, NfcWriter } from './nfc-writer';

export type ActivationState =
  | { kind: 'idle' }
  | { kind: 'activating'; cardId: string }
  | { kind: 'failed'; cardId: string; failure: ActivationFailure };

export function tapUrl(nfcUID: string): string {
  return `${window.location.origin}/nfc/${encodeURIComponent(nfcUID)}`;
}

interface CardPanelProps {
  nfcUID: string | null;
  activation: ActivationState;
  onActivate: (cardId: string) => void;
}

export function CardStatusBadge({ nfcUID }: { nfcUID: string | null }) {
  return nfcUID ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Not Activated</Badge>;
}

export function CardPanel({ nfcUID, activation, onActivate }: CardPanelProps) {
  return (
    <Panel title="Your NFC card" aside={<CardStatusBadge nfcUID={nfcUID} />}>
      {nfcUID ? (
        <LinkedCard nfcUID={nfcUID} />
      ) : (
        <UnlinkedCard activation={activation} onActivate={onActivate} />
      )}
    </Panel>
  );
}

function LinkedCard({ nfcUID }: { nfcUID: string }) {
  const url = tapUrl(nfcUID);
  return (
    <>
      <PanelText>A tap on your card opens the same card as your card link, at this address:</PanelText>
      <p className={styles.tapUrl}>{url}</p>
      {isWebNfcAvailable() && <NfcWriter url={url} />}
    </>
  );
}

function UnlinkedCard({ activation, onActivate }: Omit<CardPanelProps, 'nfcUID'>) {
  return (
    <>
      <PanelText>
        Link the card that came with your order to make it tap-ready. Its Card ID is in the e-mail that came
        with it.
      </PanelText>
      {activation.kind === 'failed' && (
        <Notice tone="error" title={activation.failure.message}>
          {activation.failure.reason}
        </Notice>
      )}
      <CardIdForm
        // A failed automatic activation leaves its ID in the field, ready to retry or correct.
        key={activation.kind === 'failed' ? activation.cardId : 'manual'}
        id="activate-card-id"
        submitLabel="Activate Card"
        busyLabel="Activating..."
        isBusy={activation.kind === 'activating'}
        initialValue={activation.kind === 'failed' ? activation.cardId : ''}
        onSubmit={onActivate}
      />
      <div className={styles.orderRow}>
        <span>No card yet?</span>
        <a
          href={SHOP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'quiet' })}
        >
          Order Now<span className="visually-hidden"> (opens the Tapnet shop in a new tab)</span>
        </a>
      </div>
    </>
  );
}
