// Changing the sign-in e-mail: the current password, then the code sent to the new address (DESIGN §4
// Tokens). The old address keeps signing in until the code is entered.
import { type FormEvent, useState } from 'react';
import type { ErrorCode } from '../../../contract/errors';
import { type Account, EmailChangeConfirmSchema, EmailChangeRequestSchema } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { cancelEmailChange, confirmEmailChange, startEmailChange } from '../../api/user';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { showToast } from '../../ui/toast-store';
import styles from './account.module.css';

export const EMAIL_CHANGE_FAILED = 'Failed to change email';

type Step = { kind: 'request' } | { kind: 'code'; pendingEmail: string; message: string };
type FieldErrors = Partial<Record<'newEmail' | 'password' | 'code', string>>;

/** Which field a refusal is about, so the message sits under it. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, keyof FieldErrors>> = {
  WRONG_PASSWORD: 'password',
  EMAIL_TAKEN: 'newEmail',
  EMAIL_UNCHANGED: 'newEmail',
  INVALID_CODE: 'code',
  CODE_EXPIRED: 'code',
  TOO_MANY_CODE_ATTEMPTS: 'code',
};

function issuesByField(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'newEmail' || field === 'password' || field === 'code') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

export function codeStepMessage(pendingEmail: string): string {
  return `We sent a 6-digit code to ${pendingEmail}. Enter it here to confirm the change.`;
}

interface EmailChangeModalProps {
  isOpen: boolean;
  account: Account;
  onClose: () => void;
  onChanged: (account: Account) => void;
}

export function EmailChangeModal({ isOpen, account, onClose, onChanged }: EmailChangeModalProps) {
  const pendingEmail = account.pendingEmail ?? null;
  const [step, setStep] = useState<Step>(
    pendingEmail
      ? { kind: 'code', pendingEmail, message: codeStepMessage(pendingEmail) }
      : { kind: 'request' },
  );
  const [newEmail, setNewEmail] = useState(pendingEmail ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function showRefusal(error: unknown) {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      setFailure(error.errors.join(', ') || error.message);
      return;
    }
    const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
    const message =
      error instanceof ApiError && error.status !== undefined ? error.message : 'Please try again.';
    if (field) setFieldErrors({ [field]: message });
    else setFailure(message);
  }

  async function run(action: () => Promise<void>) {
    setIsBusy(true);
    setFailure(null);
    setFieldErrors({});
    try {
      await action();
    } catch (error) {
      showRefusal(error);
    } finally {
      setIsBusy(false);
    }
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailChangeRequestSchema.safeParse({ newEmail, password });
    if (!parsed.success) {
      setFieldErrors(issuesByField(parsed.error.issues));
      return;
    }
    void run(async () => {
      const started = await startEmailChange(parsed.data);
      setPassword('');
      setCode('');
      setStep({ kind: 'code', pendingEmail: started.pendingEmail, message: started.message });
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailChangeConfirmSchema.safeParse({ code: code.trim() });
    if (!parsed.success) {
      setFieldErrors(issuesByField(parsed.error.issues));
      return;
    }
    void run(async () => {
      const changed = await confirmEmailChange(parsed.data.code);
      onChanged(changed);
      showToast('success', `Your sign-in email is now ${changed.email}.`);
      setStep({ kind: 'request' });
      onClose();
    });
  }

  function cancelChange() {
    void run(async () => {
      onChanged(await cancelEmailChange());
      setStep({ kind: 'request' });
      setNewEmail('');
      onClose();
    });
  }

  return (
    <Modal isOpen={isOpen} title="Change your email" onClose={onClose}>
      {failure !== null && (
        <Notice tone="error" title={EMAIL_CHANGE_FAILED}>
          {failure}
        </Notice>
      )}
      {step.kind === 'request' ? (
        <form className={styles.modalForm} onSubmit={sendCode} noValidate>
          <p className={styles.panelText}>
            You sign in with {account.email}. We will send a code to the new address; your email changes once
            you enter it. We will also tell {account.email}.
          </p>
          <Field
            id="email-change-new"
            label="New email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            error={fieldErrors.newEmail}
            autoFocus
          />
          <Field
            id="email-change-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          <Button type="submit" isBusy={isBusy} busyLabel="Sending...">
            Send code
          </Button>
        </form>
      ) : (
        <form className={styles.modalForm} onSubmit={confirm} noValidate>
          <p className={styles.panelText}>{step.message}</p>
          <p className={styles.panelText}>Until then you keep signing in with {account.email}.</p>
          <Field
            id="email-change-code"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={fieldErrors.code}
            autoFocus
          />
          <Button type="submit" isBusy={isBusy} busyLabel="Confirming...">
            Confirm
          </Button>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setStep({ kind: 'request' })} disabled={isBusy}>
              Send a new code
            </Button>
            <Button variant="quiet" onClick={cancelChange} disabled={isBusy}>
              Cancel change
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
