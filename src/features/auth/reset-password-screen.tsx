// /reset-password/{token}: choose a new password, then back to /login (spec §2).
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { resetPassword } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/button';
import styles from './auth.module.css';
import { AuthLayout } from './auth-layout';
import { FormError, FormSuccess } from './form-message';
import { describeResetError, RESET_FAILED_MESSAGE } from './messages';
import { TextField } from './text-field';

/** Spec §9: how long the success message shows before the login screen. */
export const RESET_REDIRECT_DELAY_MS = 3_000;

export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (password !== confirmation) {
      setError('The passwords do not match.');
      return;
    }
    setIsBusy(true);
    try {
      const { message } = await resetPassword(token, { password });
      setNotice(`${message} Taking you to log in...`);
    } catch (caught) {
      setError(caught instanceof ApiError ? describeResetError(caught) : RESET_FAILED_MESSAGE);
    } finally {
      // After success the button stays disabled by the notice, but no longer says it is saving.
      setIsBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <p>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          id="reset-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          id="reset-password-confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <FormError message={error} />
        <FormSuccess message={notice} />
        <Button type="submit" isFullWidth isBusy={isBusy} disabled={notice !== null} busyLabel="Saving...">
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
