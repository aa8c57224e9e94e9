// /forgot-password: asks for a reset link by e-mail (spec §2).
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import styles from './auth.module.css';
import { AuthLayout } from './auth-layout';
import { FormError, FormSuccess } from './form-message';
import { TextField } from './text-field';

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
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setIsBusy(true);
    try {
      const { message } = await requestPasswordReset({ email });
      setNotice(message);
    } catch {
      setError('Failed to send reset link. Please try again.');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      back={back && <BackLink to={back.to} label={back.label} />}
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormError message={error} />
        <FormSuccess message={notice} />
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Sending...">
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
