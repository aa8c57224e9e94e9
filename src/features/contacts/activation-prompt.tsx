// Spec §4 Card activation: a member without a linked card is offered to link one on /contacts, until
// they do or choose Complete Later. Many members have no card (they joined to save someone else's), so
// the offer is a quiet line above the list, not a modal in their way; the Card ID form opens on demand.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Account } from '../../../contract/user';
import { AccountResource, updateProfile } from '../../api/user';
import { Stored } from '../../session/browser-storage';
import { MY_CARD_PATH, readDeferredActivationCard } from '../../session/card-activation';
import { useSessionStore } from '../../session/session-store';
import { storeResourceValue } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import { CardIdForm } from '../../ui/card-id-form';
import { focusNextAfter } from '../../ui/focus-next';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { useAction } from '../../ui/use-action';
import styles from './activation-prompt.module.css';
import { ContactMessages } from './messages';

export const ActivationOfferText = {
  title: 'Got a Tapnet card?',
  body: 'Activate it so that a tap on it opens your business card.',
  open: 'Activate card',
  dialogTitle: 'Activate your Tapnet card',
} as const;

export function shouldPromptActivation(account: Account | null): boolean {
  return account !== null && !account.nfcUID && Stored.activationPromptDismissed.read() !== true;
}

export function ActivationPrompt({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const offer = useRef<HTMLElement>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const activating = useAction(async (cardId: string) => {
    const account = await updateProfile({ nfcUID: cardId });
    useSessionStore.getState().signIn(account);
    await storeResourceValue(AccountResource, account);
  });

  function completeLater() {
    Stored.activationPromptDismissed.write(true);
    if (offer.current) focusNextAfter(offer.current);
    onClose();
  }

  async function activate(cardId: string) {
    const outcome = await activating.run(cardId);
    if (!outcome.ok) return;
    // /my-card shows its congratulations for a card linked elsewhere.
    Stored.cardActivationSuccess.write(true);
    navigate(MY_CARD_PATH);
  }

  return (
    <section ref={offer} className={styles.offer} aria-labelledby="activation-offer-title">
      <div className={styles.text}>
        <p id="activation-offer-title" className={styles.title}>
          {ActivationOfferText.title}
        </p>
        <p className={styles.body}>{ActivationOfferText.body}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.action} onClick={() => setIsFormOpen(true)}>
          {ActivationOfferText.open}
        </Button>
        <Button variant="quiet" className={styles.action} onClick={completeLater}>
          Complete Later
        </Button>
      </div>
      <Modal isOpen={isFormOpen} title={ActivationOfferText.dialogTitle} onClose={() => setIsFormOpen(false)}>
        <p className={styles.dialogText}>
          Link the card that came in the post, so that a tap on it opens your business card. The Card ID is in
          the e-mail that came with it.
        </p>
        {activating.hasFailed && <Notice tone="error" title={ContactMessages.saveCardIdFailed} />}
        <CardIdForm
          id="activation-card-id"
          submitLabel="Activate"
          busyLabel="Activating…"
          isBusy={activating.isBusy}
          // A Card ID kept from an activation link or /register?cardId=… is not asked for again.
          initialValue={readDeferredActivationCard() ?? ''}
          invalidMessage={ContactMessages.invalidCardId}
          onSubmit={activate}
        />
        <Button variant="quiet" isFullWidth onClick={completeLater}>
          Complete Later
        </Button>
      </Modal>
    </section>
  );
}
