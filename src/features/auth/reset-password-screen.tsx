// /reset-password/{token}: choose a new password, then back to /login (spec §2).
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { Button } from '../../ui/button';
import { useAction } from '../../ui/use-action';
import styles from './auth.module.css';
import { PasswordField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { FormMessages } from './form-message';
import { asApiError, describeResetError } from './messages';
import { useFormValues } from './use-form-values';

/** Spec §9: how long the success message shows before the login screen. */
export const RESET_REDIRECT_DELAY_MS = 3_000;

export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { values, field } = useFormValues({ password: '', confirmation: '' });
  const [isMismatch, setIsMismatch] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const saving = useAction(async () => {
    const { message } = await resetPassword(token, { password: values.password });
    // From here the notice keeps the button disabled, and leads on to /login.
    setNotice(`${message} Taking you to log in...`);
  });
  const error = isMismatch
    ? 'The passwords do not match.'
    : saving.hasFailed
      ? describeResetError(asApiError(saving.error))
      : null;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const passwordsDiffer = values.password !== values.confirmation;
    setIsMismatch(passwordsDiffer);
    if (passwordsDiffer) {
      saving.reset();
      return;
    }
    void saving.run();
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
        <PasswordField id="reset-password" kind="new" label="New password" {...field('password')} />
        <PasswordField
          id="reset-password-confirmation"
          kind="confirmation"
          label="Confirm new password"
          {...field('confirmation')}
        />
        <FormMessages error={error} notice={notice} />
        <Button
          type="submit"
          isFullWidth
          isBusy={saving.isBusy}
          disabled={notice !== null}
          busyLabel="Saving..."
        >
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
