// 'Click here to link card': the Card ID, checked as typed, linked to the account (spec §4, §5, §8).
import { useState } from 'react';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { updateProfile } from '../../api/user';
import { CARD_LINKED_MESSAGE, CardIdForm, LINK_CARD_FAILED_MESSAGE } from '../../ui/card-id-form';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { PanelText } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';

interface LinkCardModalProps {
  isOpen: boolean;
  onClose: () => void;
  onLinked: (account: Account) => void;
}

export function LinkCardModal({ isOpen, onClose, onLinked }: LinkCardModalProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null | undefined>(undefined);

  async function link(cardId: string) {
    setIsBusy(true);
    setFailure(undefined);
    try {
      onLinked(await updateProfile({ nfcUID: cardId }));
      showToast('success', CARD_LINKED_MESSAGE);
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== undefined ? error.message : null);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      title="Link your card"
      onClose={() => {
        setFailure(undefined);
        onClose();
      }}
    >
      <PanelText>
        Enter the Card ID from the e-mail that came with your Tapnet card. Once linked, tapping the card opens
        your business card.
      </PanelText>
      {failure !== undefined && (
        <Notice tone="error" title={LINK_CARD_FAILED_MESSAGE}>
          {failure}
        </Notice>
      )}
      <CardIdForm
        id="link-card-id"
        submitLabel="Link Card"
        busyLabel="Linking..."
        isBusy={isBusy}
        autoFocus
        onSubmit={link}
      />
    </Modal>
  );
}
