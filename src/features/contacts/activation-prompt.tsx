// Spec §4 Card activation: a member without a linked card is asked for their Card ID on /contacts,
// until they link one or choose Complete Later.
import { useNavigate } from 'react-router';
import type { Account } from '../../../contract/user';
import { AccountResource, updateProfile } from '../../api/user';
import { MY_CARD_PATH } from '../../session/card-activation';
import { useSessionStore } from '../../session/session-store';
import { StorageKeys } from '../../session/storage-keys';
import { storeResourceValue } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import { CardIdForm } from '../../ui/card-id-form';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { useAction } from '../../ui/use-action';
import styles from './contacts.module.css';
import { ContactMessages } from './messages';

export function shouldPromptActivation(account: Account | null): boolean {
  return (
    account !== null &&
    !account.nfcUID &&
    localStorage.getItem(StorageKeys.activationPromptDismissed) === null
  );
}

export function ActivationPrompt({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const activating = useAction(async (cardId: string) => {
    const account = await updateProfile({ nfcUID: cardId });
    useSessionStore.getState().signIn(account);
    await storeResourceValue(AccountResource, account);
  });

  function completeLater() {
    localStorage.setItem(StorageKeys.activationPromptDismissed, 'true');
    onClose();
  }

  async function activate(cardId: string) {
    const outcome = await activating.run(cardId);
    if (!outcome.ok) return;
    // /my-card shows its congratulations for a card linked elsewhere.
    localStorage.setItem(StorageKeys.cardActivationSuccess, 'true');
    navigate(MY_CARD_PATH);
  }

  return (
    <Modal isOpen title="Activate your Tapnet card" onClose={onClose}>
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
        invalidMessage={ContactMessages.invalidCardId}
        onSubmit={activate}
      />
      <Button variant="quiet" isFullWidth onClick={completeLater}>
        Complete Later
      </Button>
    </Modal>
  );
}
