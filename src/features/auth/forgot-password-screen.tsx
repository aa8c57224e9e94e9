// /forgot-password: asks for a reset link by e-mail (spec §2).
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { useAction } from '../../ui/use-action';
import styles from './auth.module.css';
import { EmailField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { FormMessages } from './form-message';

/** Spec §8. */
const SEND_RESET_LINK_FAILED = 'Failed to send reset link. Please try again.';

/** Where the back button leads, by the screen that sent the user here (the `from` navigation state). */
const BACK_BY_ORIGIN: Record<string, { to: string; label: string }> = {
  login: { to: '/login', label: 'Back to log in' },
  settings: { to: '/settings', label: 'Back to settings' },
  'account-settings': { to: '/account-settings', label: 'Back to account' },
};

function readOrigin(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from;
  }
  return undefined;
}

export function ForgotPasswordScreen() {
  const location = useLocation();
  const back = BACK_BY_ORIGIN[readOrigin(location.state) ?? ''];
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const sending = useAction(async () => setNotice((await requestPasswordReset({ email })).message));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    void sending.run();
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      back={back && <BackLink to={back.to} label={back.label} />}
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <EmailField id="forgot-email" value={email} onValue={setEmail} />
        <FormMessages error={sending.hasFailed ? SEND_RESET_LINK_FAILED : null} notice={notice} />
        <Button type="submit" isFullWidth isBusy={sending.isBusy} busyLabel="Sending...">
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
