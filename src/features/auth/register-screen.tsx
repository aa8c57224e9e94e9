// /register: the registration form, then the e-mail verification step (spec §2, §4 Registration).
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { register } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Stored } from '../../session/browser-storage';
import { DEFAULT_SIGNED_IN_PATH, readReturnUrl } from '../../session/return-url';
import { storeSignIn } from '../../session/session';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import styles from './auth.module.css';
import { AuthLayout } from './auth-layout';
import { FormError, FormSuccess } from './form-message';
import { describeRegistrationError } from './messages';
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

  useEffect(() => {
    if (cardId) Stored.activationCardId.write(cardId);
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
            // Back to where sign-in interrupted the user, e.g. /my-card to finish a card activation.
            navigate(readReturnUrl(location.search) ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Share your card with a tap and keep every contact in one place."
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={{ pathname: '/login', search: location.search.includes('returnUrl') ? location.search : '' }}
          >
            Log in
          </Link>
        </p>
      }
    >
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
