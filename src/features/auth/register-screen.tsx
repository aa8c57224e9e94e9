// /register: the registration form, then the e-mail verification step (spec §2, §4 Registration).
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { register } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Stored } from '../../session/browser-storage';
import { keepCardForActivation, MY_CARD_PATH, pathAfterSignIn } from '../../session/card-activation';
import { readReturnUrl } from '../../session/return-url';
import { storeSignIn } from '../../session/session';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { showToast } from '../../ui/toast-store';
import styles from './auth.module.css';
import { AuthLayout } from './auth-layout';
import { FormError, FormSuccess } from './form-message';
import { describeRegistrationError } from './messages';
import { readSignInPurpose, SignInPurposeText } from './sign-in-purpose';
import { TextField } from './text-field';
import { VerificationStep } from './verification-step';

/** Spec §9: the pause between "account created" and the verification step. */
export const VERIFICATION_STEP_DELAY_MS = 1_000;

type Step = { name: 'form' } | { name: 'verify'; email: string; codeSentAt: number | null };

/** A registration left waiting for its code (a reload, or a login refused as unverified) resumes there. */
function readInitialStep(): Step {
  const email = Stored.userEmail.read();
  if (Stored.verificationPending.read() === true && email) {
    return { name: 'verify', email, codeSentAt: null };
  }
  return { name: 'form' };
}

function todayIsoDate(): string {
  return new Date().toISOString().slice(0, 10);
}

export function RegisterScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signIn = useSessionStore((state) => state.signIn);
  const [step, setStep] = useState<Step>(readInitialStep);
  const cardId = searchParams.get('cardId');
  const [purpose] = useState(() => readSignInPurpose(cardId));

  useEffect(() => {
    if (cardId) keepCardForActivation(cardId);
  }, [cardId]);

  function leaveVerification() {
    Stored.verificationPending.remove();
    setStep({ name: 'form' });
  }

  if (step.name === 'verify') {
    return (
      <AuthLayout title="Verify your email">
        <VerificationStep
          email={step.email}
          codeSentAt={step.codeSentAt}
          onBack={leaveVerification}
          onVerified={(session) => {
            storeSignIn({ ...session, email: step.email });
            showToast('success', 'Email verified successfully! Welcome to Tapnet');
            signIn();
            // Back to where sign-in interrupted the user, or on to /my-card to activate the card kept.
            navigate(pathAfterSignIn(readReturnUrl(location.search)), { replace: true });
          }}
        />
      </AuthLayout>
    );
  }

  const isActivating = purpose.kind === 'activate-card';
  // An activation always ends on /my-card, whichever way the holder signs in (spec §4 Card activation).
  const loginSearch = isActivating
    ? `?returnUrl=${encodeURIComponent(MY_CARD_PATH)}`
    : location.search.includes('returnUrl')
      ? location.search
      : '';

  return (
    <AuthLayout
      title={isActivating ? SignInPurposeText.activateTitle : 'Create your account'}
      subtitle={
        isActivating
          ? SignInPurposeText.activateAfterRegistration(purpose.cardId)
          : 'Share your card with a tap and keep every contact in one place.'
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link to={{ pathname: '/login', search: loginSearch }}>
            {purpose.kind === 'none'
              ? 'Log in'
              : isActivating
                ? 'Log in to activate it'
                : 'Log in to save it'}
          </Link>
        </p>
      }
    >
      {purpose.kind === 'save-card' && (
        <Notice tone="info" title={SignInPurposeText.saveCardTitle(purpose.cardLabel)}>
          {SignInPurposeText.saveCardAfterRegistration(purpose.cardLabel)}
        </Notice>
      )}
      <RegistrationForm
        onRegistered={(email) => {
          Stored.userEmail.write(email);
          Stored.verificationPending.write(true);
          setStep({ name: 'verify', email, codeSentAt: Date.now() });
        }}
      />
    </AuthLayout>
  );
}

function RegistrationForm({ onRegistered }: { onRegistered(email: string): void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    const normalisedEmail = email.trim().toLowerCase();
    try {
      const { message } = await register({ name, email: normalisedEmail, password, dateOfBirth });
      setNotice(message);
      // Lets the user read that the account exists before the screen changes under them.
      setTimeout(() => onRegistered(normalisedEmail), VERIFICATION_STEP_DELAY_MS);
    } catch (caught) {
      setError(
        describeRegistrationError(
          caught instanceof ApiError ? caught : new ApiError(String(caught), undefined),
        ),
      );
      setIsBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <TextField
        id="register-name"
        label="Name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="register-password"
        label="Password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        id="register-date-of-birth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        max={todayIsoDate()}
        value={dateOfBirth}
        onChange={(event) => setDateOfBirth(event.target.value)}
      />
      <FormError message={error} />
      <FormSuccess message={notice} />
      <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Creating account...">
        Register
      </Button>
    </form>
  );
}
