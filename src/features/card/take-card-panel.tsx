// /my-card's "Take your card everywhere" (issue 26 point 4): the card in Apple Wallet, offered only when
// the server signs passes, and an e-mail signature with the card link and its QR code, previewed and
// copied as rich HTML for the mail app's signature settings.
import { useEffect, useMemo, useRef, useState } from 'react';
import { PublicCardPaths } from '../../../contract/card-paths';
import { fillPath } from '../../../contract/endpoint';
import type { Account } from '../../../contract/user';
import { downloadAppleWalletPass, fetchWalletOptions } from '../../api/wallet';
import { Button } from '../../ui/button';
import { Panel, PanelText } from '../../ui/panel';
import { saveFile } from '../../ui/save-file';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { cardLinkUrl } from './card-link-panel';
import { emailSignature } from './email-signature';
import { EmailSignaturePreview } from './email-signature-preview';
import styles from './my-card.module.css';

export const TakeCardMessages = {
  signatureCopied: 'Signature copied. Paste it into the signature settings of your mail app.',
  selectToCopy: 'Your browser would not copy it: the signature is selected, press Ctrl+C (⌘C on a Mac).',
  walletFailed: 'The Wallet pass could not be made. Please try again.',
} as const;

export function TakeCardPanel({ account, handle }: { account: Account; handle: string }) {
  const [hasAppleWallet, setHasAppleWallet] = useState(false);
  const preview = useRef<HTMLDivElement>(null);
  const card = account.businessCard;
  const signature = useMemo(
    () =>
      emailSignature(
        {
          name: card?.name || account.name,
          role: card?.role ?? '',
          company: card?.company ?? '',
          email: card?.email ?? '',
          phone: card?.phone ?? '',
        },
        {
          cardUrl: cardLinkUrl(handle),
          qrImageUrl: `${window.location.origin}${fillPath(PublicCardPaths.qrCode, { nfcUID: handle })}`,
        },
      ),
    [account.name, card, handle],
  );
  const addingToWallet = useAction(async () => {
    const { blob, fileName } = await downloadAppleWalletPass();
    saveFile(blob, fileName);
  });

  useEffect(() => {
    let isCurrent = true;
    // Offline or unanswered, the option stays hidden: a pass needs the server anyway.
    fetchWalletOptions().then(
      ({ appleWallet }) => isCurrent && setHasAppleWallet(appleWallet),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  /**
   * Rich HTML with its plain-text twin, through a copy event: Chromium's async clipboard (ClipboardItem)
   * sanitizes HTML by parsing it in this page, whose CSP then refuses the signature's inline styles.
   * Where the browser will not copy, the preview is selected for the member to copy.
   */
  function copySignature() {
    const onCopy = (event: ClipboardEvent) => {
      event.clipboardData?.setData('text/html', signature.html);
      event.clipboardData?.setData('text/plain', signature.text);
      event.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    const isCopied = document.execCommand('copy');
    document.removeEventListener('copy', onCopy);
    if (isCopied) {
      showToast('success', TakeCardMessages.signatureCopied);
      return;
    }
    const selection = window.getSelection();
    const range = document.createRange();
    if (preview.current) range.selectNodeContents(preview.current);
    selection?.removeAllRanges();
    selection?.addRange(range);
    showToast('info', TakeCardMessages.selectToCopy);
  }

  async function addToWallet() {
    const outcome = await addingToWallet.run();
    if (!outcome.ok) showToast('error', TakeCardMessages.walletFailed);
  }

  return (
    <Panel title="Take your card everywhere">
      {hasAppleWallet && (
        <Button
          variant="secondary"
          isFullWidth
          isBusy={addingToWallet.isBusy}
          busyLabel="Making your pass..."
          onClick={addToWallet}
        >
          Add to Apple Wallet
        </Button>
      )}
      <h3 className={styles.subTitle}>E-mail signature</h3>
      <PanelText>Your card link and its QR code under every e-mail you write.</PanelText>
      <div ref={preview} className={styles.signaturePreview}>
        <EmailSignaturePreview html={signature.html} />
      </div>
      <Button onClick={copySignature} isFullWidth>
        Copy signature
      </Button>
    </Panel>
  );
}
