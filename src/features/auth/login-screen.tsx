// /login: e-mail and password, with the way on to registration, verification and password reset.
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logIn } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Stored } from '../../session/browser-storage';
import { pathAfterSignIn } from '../../session/card-activation';
import { readReturnUrl } from '../../session/return-url';
import { storeSignIn } from '../../session/session';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './auth.module.css';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-message';
import { describeLoginError, isUnverifiedLoginError } from './messages';
import { readSignInPurpose, SignInPurposeText } from './sign-in-purpose';
import { TextField } from './text-field';

export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSessionStore((state) => state.signIn);
  const returnUrl = readReturnUrl(location.search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isUnverified, setIsUnverified] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [purpose] = useState(() => readSignInPurpose(null));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    setIsUnverified(false);
    try {
      const session = await logIn({ email, password });
      storeSignIn({ ...session, email: email.trim().toLowerCase() });
      signIn();
      navigate(pathAfterSignIn(returnUrl), { replace: true });
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : new ApiError(String(caught), undefined);
      setError(describeLoginError(apiError));
      setIsUnverified(isUnverifiedLoginError(apiError));
      setIsBusy(false);
    }
  }

  function continueVerification() {
    Stored.userEmail.write(email.trim().toLowerCase());
    Stored.verificationPending.write(true);
    navigate('/register', { state: { returnUrl } });
  }

  const registerSearch = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';

  const isActivating = purpose.kind === 'activate-card';

  return (
    <AuthLayout
      title={isActivating ? SignInPurposeText.activateTitle : 'Log in'}
      subtitle={
        isActivating
          ? SignInPurposeText.activateAfterLogin(purpose.cardId)
          : 'Welcome back to your Tapnet contacts.'
      }
      footer={
        <p>
          New to Tapnet?{' '}
          <Link to={{ pathname: '/register', search: registerSearch }} state={{ returnUrl }}>
            {purpose.kind === 'none'
              ? 'Register'
              : isActivating
                ? 'Create an account to activate it'
                : 'Create an account to save it'}
          </Link>
        </p>
      }
    >
      {purpose.kind === 'save-card' && (
        <Notice tone="info" title={SignInPurposeText.saveCardTitle(purpose.cardLabel)}>
          {SignInPurposeText.saveCardAfterLogin(purpose.cardLabel)}
        </Notice>
      )}
      <form className={styles.form} onSubmit={handleSubmit}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className={styles.inlineLinks}>
          <Link to="/forgot-password" state={{ from: 'login' }}>
            Forgot your password?
          </Link>
        </div>
        <FormError message={error} />
        {isUnverified && (
          <Button variant="secondary" onClick={continueVerification}>
            Enter verification code
          </Button>
        )}
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Logging in...">
          Log In
        </Button>
      </form>
    </AuthLayout>
  );
}
