// Spec §4 Card activation: a member without a linked card is asked for their Card ID on /contacts,
// until they link one or choose Complete Later.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Account } from '../../../contract/user';
import { updateProfile } from '../../api/user';
import { Stored } from '../../session/browser-storage';
import { MY_CARD_PATH } from '../../session/card-activation';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { CardIdForm } from '../../ui/card-id-form';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import styles from './contacts.module.css';
import { ContactMessages } from './messages';

export function shouldPromptActivation(account: Account | null): boolean {
  return account !== null && !account.nfcUID && Stored.activationPromptDismissed.read() !== true;
}

export function ActivationPrompt({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  function completeLater() {
    Stored.activationPromptDismissed.write(true);
    onClose();
  }

  async function activate(cardId: string) {
    setIsSaving(true);
    setHasFailed(false);
    try {
      const account = await updateProfile({ nfcUID: cardId });
      useSessionStore.getState().signIn(account);
      // /my-card shows its congratulations for a card linked elsewhere.
      Stored.cardActivationSuccess.write(true);
      navigate(MY_CARD_PATH);
    } catch {
      setHasFailed(true);
      setIsSaving(false);
    }
  }

  return (
    <Modal isOpen title="Activate your Tapnet card" onClose={onClose}>
      <p className={styles.dialogText}>
        Link the card that came in the post, so that a tap on it opens your business card. The Card ID is in
        the e-mail that came with it.
      </p>
      {hasFailed && <Notice tone="error" title={ContactMessages.saveCardIdFailed} />}
      <CardIdForm
        id="activation-card-id"
        submitLabel="Activate"
        busyLabel="Activating…"
        isBusy={isSaving}
        invalidMessage={ContactMessages.invalidCardId}
        onSubmit={activate}
      />
      <Button variant="quiet" isFullWidth onClick={completeLater}>
        Complete Later
      </Button>
    </Modal>
  );
}
