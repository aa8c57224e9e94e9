// 'Write to NFC tag' through Web NFC, where the browser has it (Chrome on Android).
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import styles from './my-card.module.css';

/** The part of Web NFC used here; TypeScript's DOM library does not describe it. */
interface NdefWriter {
  write(
    message: { records: { recordType: 'url'; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
}
type NdefWriterConstructor = new () => NdefWriter;

export function isWebNfcAvailable(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

type WriteState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'written' }
  | { kind: 'failed'; message: string };

function describeWriteError(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError')
      return 'Tapnet was not allowed to use NFC. Allow NFC for this site and try again.';
    if (error.name === 'NotSupportedError')
      return 'This phone cannot write NFC tags. Turn NFC on in the phone settings, or use the QR code.';
    if (error.name === 'NetworkError')
      return 'The tag moved away before it was written. Hold it still and try again.';
  }
  return 'The tag could not be written. Make sure it is writable and try again.';
}

export function NfcWriter({ url }: { url: string }) {
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function write() {
    const Reader = (window as unknown as { NDEFReader: NdefWriterConstructor }).NDEFReader;
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ kind: 'waiting' });
    try {
      await new Reader().write(
        { records: [{ recordType: 'url', data: url }] },
        { signal: controller.signal },
      );
      setState({ kind: 'written' });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: 'idle' });
      else setState({ kind: 'failed', message: describeWriteError(error) });
    }
  }

  return (
    <div className={styles.nfcWriter}>
      {state.kind === 'waiting' ? (
        <>
          <p role="status" className={styles.nfcStatus}>
            <span className={styles.nfcPulse} aria-hidden="true" />
            Hold an NFC tag against the back of your phone…
          </p>
          <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="secondary" isFullWidth onClick={write}>
          Write to NFC tag
        </Button>
      )}
      {state.kind === 'written' && (
        <p role="status" className={styles.nfcSuccess}>
          Tag written. Tapping it now opens your card.
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className={styles.nfcError}>
          {state.message}
        </p>
      )}
    </div>
  );
}
