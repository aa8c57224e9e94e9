// The physical card on /my-card: its state, activation, and the ways to reach the card without NFC.
import { Link } from 'react-router';
import { withCardSource } from '../../../contract/card-paths';
import { SHOP_URL } from '../../config/env';
import { Badge } from '../../ui/badge';
import { Button, buttonClassName } from '../../ui/button';
import { CardIdForm } from '../../ui/card-id-form';
import { Notice } from '../../ui/notice';
import { Panel, PanelText } from '../../ui/panel';
import { QrCode } from '../../ui/qr-code';
import type { ActivationFailure } from './activation';
import styles from './my-card.module.css';
import { isWebNfcAvailable, NfcWriter } from './nfc-writer';

export const PREVIEW_NEEDS_CARD = 'You must link an NFC card to preview your card.';

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
      <figure className={styles.qrFigure}>
        {/* Marked, so the card's analytics tell scans of this code from taps of the card. */}
        <QrCode text={withCardSource(url, 'qr')} label="QR code that opens your card" className={styles.qr} />
        <figcaption>
          <PanelText>No NFC on their phone? Let them scan this code to open your card.</PanelText>
        </figcaption>
      </figure>
      <p className={styles.tapUrl}>{url}</p>
      {isWebNfcAvailable() && <NfcWriter url={url} />}
      <Link
        to={`/my-display-card/${encodeURIComponent(nfcUID)}`}
        className={buttonClassName({ isFullWidth: true })}
      >
        Preview Card
      </Link>
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
      <Button variant="secondary" isFullWidth disabled aria-describedby="preview-needs-card">
        Preview Card
      </Button>
      <PanelText id="preview-needs-card">{PREVIEW_NEEDS_CARD}</PanelText>
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
