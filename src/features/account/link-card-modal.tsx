// 'Click here to link card': the Card ID, checked as typed, linked to the account (spec §4, §5, §8).
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { updateProfile } from '../../api/user';
import { CARD_LINKED_MESSAGE, CardIdForm, LINK_CARD_FAILED_MESSAGE } from '../../ui/card-id-form';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { PanelText } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';

interface LinkCardModalProps {
  isOpen: boolean;
  onClose: () => void;
  onLinked: (account: Account) => void;
}

export function LinkCardModal({ isOpen, onClose, onLinked }: LinkCardModalProps) {
  const linking = useAction((cardId: string) => updateProfile({ nfcUID: cardId }));
  const { error } = linking;
  const failure = linking.hasFailed
    ? error instanceof ApiError && error.status !== undefined
      ? error.message
      : null
    : undefined;

  async function link(cardId: string) {
    const outcome = await linking.run(cardId);
    if (!outcome.ok) return;
    onLinked(outcome.result);
    showToast('success', CARD_LINKED_MESSAGE);
  }

  return (
    <Modal
      isOpen={isOpen}
      title="Link your card"
      onClose={() => {
        linking.reset();
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
        isBusy={linking.isBusy}
        autoFocus
        onSubmit={link}
      />
    </Modal>
  );
}
