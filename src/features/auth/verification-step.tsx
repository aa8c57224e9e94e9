// The e-mail verification step of registration (spec §4 Registration, §5, §8).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RESEND_CODE_LOCK_MS, type TokenPair, VERIFICATION_CODE_LENGTH } from '../../../contract/auth';
import { resendVerificationCode, verifyEmail } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import styles from './auth.module.css';
import { CodeInput } from './code-input';
import { FormError, FormSuccess } from './form-message';
import { describeVerificationError, isRefusedCode } from './messages';

interface VerificationStepProps {
  email: string;
  /** When the last code was sent, or null if this screen has not sent one. */
  codeSentAt: number | null;
  onVerified(session: TokenPair): void;
  onBack(): void;
}

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
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  const waitSeconds = secondsUntilResend(codeSentAt, now);

  useEffect(() => {
    if (waitSeconds === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitSeconds]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const code = digits.join('');
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setError(`Enter all ${VERIFICATION_CODE_LENGTH} digits of the code.`);
      return;
    }
    setError(null);
    setIsVerifying(true);
    try {
      onVerified(await verifyEmail({ email, code }));
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : new ApiError('', undefined);
      setError(describeVerificationError(apiError));
      setIsVerifying(false);
      // A refused code is of no more use: the boxes are emptied for the next try. After a network
      // failure the same code may still be right, so it stays.
      if (isRefusedCode(apiError)) {
        setDigits(emptyCode());
        firstBox.current?.focus();
      }
    }
  }

  function startResendLock() {
    setCodeSentAt(Date.now());
    setNow(Date.now());
  }

  async function handleResend() {
    setError(null);
    setNotice(null);
    setIsResending(true);
    try {
      await resendVerificationCode({ email });
      setNotice('Verification code resent successfully.');
      setDigits(emptyCode());
      startResendLock();
    } catch (caught) {
      setError('Failed to resend code. Please try again.');
      // The server keeps its own 30 s lock; when it says so, count down with it.
      if (caught instanceof ApiError && caught.status === 429) startResendLock();
    } finally {
      setIsResending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <p className={styles.subtitle}>
        We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to finish
        creating your account.
      </p>
      <CodeInput digits={digits} onChange={setDigits} firstBoxRef={firstBox} />
      <FormError message={error} />
      <FormSuccess message={notice} />
      <Button type="submit" isFullWidth isBusy={isVerifying} busyLabel="Verifying...">
        Verify
      </Button>
      <div className={styles.resendRow}>
        <Button
          variant="quiet"
          onClick={handleResend}
          isBusy={isResending}
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
