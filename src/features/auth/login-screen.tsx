// /login: e-mail and password, with the way on to registration, verification and password reset.
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logIn } from '../../api/auth';
import { Stored } from '../../session/browser-storage';
import { pathAfterSignIn } from '../../session/card-activation';
import { readReturnUrl } from '../../session/return-url';
import { storeSignIn } from '../../session/session';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { useAction } from '../../ui/use-action';
import styles from './auth.module.css';
import { EmailField, PasswordField } from './auth-fields';
import { FormMessages } from './form-message';
import { asApiError, describeLoginError, isUnverifiedLoginError } from './messages';
import { SignInFrame } from './sign-in-frame';
import { readSignInPurpose } from './sign-in-purpose';
import { useFormValues } from './use-form-values';

export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSessionStore((state) => state.signIn);
  const returnUrl = readReturnUrl(location.search);
  const { values, field } = useFormValues({ email: '', password: '' });
  const [purpose] = useState(() => readSignInPurpose(null));
  const loggingIn = useAction(async () => {
    const session = await logIn(values);
    storeSignIn({ ...session, email: normalisedEmail() });
    signIn();
    navigate(pathAfterSignIn(returnUrl), { replace: true });
  });
  const failure = loggingIn.hasFailed ? asApiError(loggingIn.error) : null;

  function normalisedEmail() {
    return values.email.trim().toLowerCase();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void loggingIn.run();
  }

  function continueVerification() {
    Stored.userEmail.write(normalisedEmail());
    Stored.verificationPending.write(true);
    navigate('/register', { state: { returnUrl } });
  }

  const registerSearch = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';

  return (
    <SignInFrame
      screen="login"
      purpose={purpose}
      otherWay={{ to: { pathname: '/register', search: registerSearch }, state: { returnUrl } }}
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <EmailField id="login-email" {...field('email')} />
        <PasswordField id="login-password" kind="current" {...field('password')} />
        <div className={styles.inlineLinks}>
          <Link to="/forgot-password" state={{ from: 'login' }}>
            Forgot your password?
          </Link>
        </div>
        <FormMessages error={failure && describeLoginError(failure)} />
        {failure && isUnverifiedLoginError(failure) && (
          <Button variant="secondary" onClick={continueVerification}>
            Enter verification code
          </Button>
        )}
        <Button type="submit" isFullWidth isBusy={loggingIn.isBusy} busyLabel="Logging in...">
          Log In
        </Button>
      </form>
    </SignInFrame>
  );
}
