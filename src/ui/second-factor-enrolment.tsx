// Setting up an operator's authenticator app (issue 30 point 4): the secret as a QR code and as text,
// the first code that confirms it, then the ten recovery codes, shown this once.
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from './button';
import { Field } from './field';
import { LoadingPlaceholder } from './loading-placeholder';
import { Notice } from './notice';
import { QrCode } from './qr-code';
import styles from './second-factor-enrolment.module.css';
import { showToast } from './toast-store';
import { useAction } from './use-action';

/**
 * What the enrolment needs (src/sync/use-second-factor.ts keeps it; ui reads no data layer, so the shape
 * is stated here and checked where a screen passes it in).
 */
export interface EnrolmentControls {
  state:
    | { status: 'starting' }
    | { status: 'failed'; message: string }
    | { status: 'scanning'; secret: string; otpauthUri: string }
    | { status: 'enrolled'; recoveryCodes: string[] };
  start(): void;
  confirm(code: string): Promise<{ ok: true } | { ok: false; message: string }>;
  finish(): void;
}

export const ENTER_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** Groups of four, as authenticator apps show a secret to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function SecondFactorEnrolment({
  controls,
  idPrefix,
}: {
  controls: EnrolmentControls;
  idPrefix: string;
}) {
  const { state, start } = controls;
  // A new secret each time the enrolment is shown.
  useEffect(() => start(), [start]);

  switch (state.status) {
    case 'starting':
      return <LoadingPlaceholder label="Preparing a new secret…" />;
    case 'failed':
      return (
        <div className={styles.steps}>
          <Notice tone="error" title={state.message} />
          <Button onClick={start}>Retry</Button>
        </div>
      );
    case 'scanning':
      return (
        <ScanStep
          secret={state.secret}
          otpauthUri={state.otpauthUri}
          controls={controls}
          idPrefix={idPrefix}
        />
      );
    case 'enrolled':
      return <RecoveryCodes codes={state.recoveryCodes} onDone={controls.finish} />;
  }
}

function ScanStep({
  secret,
  otpauthUri,
  controls,
  idPrefix,
}: {
  secret: string;
  otpauthUri: string;
  controls: EnrolmentControls;
  idPrefix: string;
}) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const confirming = useAction(async (given: string) => {
    const result = await controls.confirm(given);
    if (!result.ok) setMessage(result.message);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setMessage(ENTER_CODE_MESSAGE);
      return;
    }
    setMessage(null);
    void confirming.run(code.trim());
  }

  return (
    <form className={styles.steps} onSubmit={submit} noValidate aria-label="Set up your authenticator app">
      <p>
        1. Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis).
      </p>
      <QrCode
        className={styles.qr}
        text={otpauthUri}
        label="QR code of the secret for your authenticator app"
      />
      <p className={styles.muted}>
        Or type this secret in the app:{' '}
        <span className={styles.secret} data-testid="totp-secret">
          {grouped(secret)}
        </span>
      </p>
      <Field
        id={`${idPrefix}-enrol-code`}
        label="2. The 6-digit code the app shows"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        disabled={confirming.isBusy}
        onChange={(event) => setCode(event.target.value)}
        error={message}
      />
      <Button type="submit" isBusy={confirming.isBusy} busyLabel="Confirming...">
        Confirm
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  async function copy() {
    await navigator.clipboard.writeText(codes.join('\n')).then(
      () => showToast('success', 'Recovery codes copied'),
      () => showToast('error', 'Copying failed: select the codes and copy them'),
    );
  }

  return (
    <section className={styles.steps} aria-label="Your recovery codes">
      <Notice tone="success" title="Your authenticator app is set up" />
      <p>
        Save these recovery codes somewhere safe, such as your password manager. Each works once in place of a
        code if you lose your phone. They are shown only this once.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={copy}>
        Copy codes
      </Button>
      <Button onClick={onDone}>I have saved these codes</Button>
    </section>
  );
}
