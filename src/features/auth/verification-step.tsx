// The e-mail verification step of registration (spec §4 Registration, §5, §8).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RESEND_CODE_LOCK_MS, type TokenPair, VERIFICATION_CODE_LENGTH } from '../../../contract/auth';
import { resendVerificationCode, verifyEmail } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { useAction } from '../../ui/use-action';
import styles from './auth.module.css';
import { CodeInput } from './code-input';
import { FormMessages } from './form-message';
import { asApiError, describeVerificationError, isRefusedCode } from './messages';

interface VerificationStepProps {
  email: string;
  /** When the last code was sent, or null if this screen has not sent one. */
  codeSentAt: number | null;
  onVerified(session: TokenPair): void;
  onBack(): void;
}

/** Spec §8. */
const RESEND_FAILED_MESSAGE = 'Failed to resend code. Please try again.';

const emptyCode = () => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

function secondsUntilResend(codeSentAt: number | null, now: number): number {
  if (codeSentAt === null) return 0;
  return Math.max(0, Math.ceil((codeSentAt + RESEND_CODE_LOCK_MS - now) / 1000));
}

export function VerificationStep({
  email,
  codeSentAt: initialSentAt,
  onVerified,
  onBack,
}: VerificationStepProps) {
  const [digits, setDigits] = useState(emptyCode);
  const [codeSentAt, setCodeSentAt] = useState(initialSentAt);
  const [now, setNow] = useState(Date.now);
  const [notice, setNotice] = useState<string | null>(null);
  const [isIncomplete, setIsIncomplete] = useState(false);
  /** The message under the boxes is about the call the user started last. */
  const [latest, setLatest] = useState<'verify' | 'resend'>('verify');
  const verifying = useAction(async (code: string) => onVerified(await verifyEmail({ email, code })));
  const resending = useAction(() => resendVerificationCode({ email }));
  const firstBox = useRef<HTMLInputElement>(null);
  const waitSeconds = secondsUntilResend(codeSentAt, now);

  useEffect(() => {
    if (waitSeconds === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitSeconds]);

  const error =
    latest === 'resend'
      ? resending.hasFailed
        ? RESEND_FAILED_MESSAGE
        : null
      : isIncomplete
        ? `Enter all ${VERIFICATION_CODE_LENGTH} digits of the code.`
        : verifying.hasFailed
          ? describeVerificationError(asApiError(verifying.error, ''))
          : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLatest('verify');
    setNotice(null);
    const code = digits.join('');
    setIsIncomplete(code.length !== VERIFICATION_CODE_LENGTH);
    if (code.length !== VERIFICATION_CODE_LENGTH) return;
    const outcome = await verifying.run(code);
    // A refused code is of no more use: the boxes are emptied for the next try. After a network
    // failure the same code may still be right, so it stays.
    if (!outcome.ok && isRefusedCode(asApiError(outcome.error))) {
      setDigits(emptyCode());
      firstBox.current?.focus();
    }
  }

  function startResendLock() {
    setCodeSentAt(Date.now());
    setNow(Date.now());
  }

  async function handleResend() {
    setLatest('resend');
    setNotice(null);
    const outcome = await resending.run();
    if (outcome.ok) {
      setNotice('Verification code resent successfully.');
      setDigits(emptyCode());
      startResendLock();
    } else if (outcome.error instanceof ApiError && outcome.error.status === 429) {
      // The server keeps its own 30 s lock; when it says so, count down with it.
      startResendLock();
    }
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <p className={styles.subtitle}>
        We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to finish
        creating your account.
      </p>
      <CodeInput digits={digits} onChange={setDigits} firstBoxRef={firstBox} />
      <FormMessages error={error} notice={notice} />
      <Button type="submit" isFullWidth isBusy={verifying.isBusy} busyLabel="Verifying...">
        Verify
      </Button>
      <div className={styles.resendRow}>
        <Button
          variant="quiet"
          onClick={handleResend}
          isBusy={resending.isBusy}
          busyLabel="Sending..."
          disabled={waitSeconds > 0}
        >
          {waitSeconds > 0 ? `Resend code (${waitSeconds}s)` : 'Resend code'}
        </Button>
      </div>
      <Button variant="secondary" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
