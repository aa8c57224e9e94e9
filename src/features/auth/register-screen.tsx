// /register: the registration form, then the e-mail verification step (spec §2, §4 Registration).
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { register } from '../../api/auth';
import { Stored } from '../../session/browser-storage';
import { keepCardForActivation, MY_CARD_PATH, pathAfterSignIn } from '../../session/card-activation';
import { readReturnUrl } from '../../session/return-url';
import { storeSignIn } from '../../session/session';
import { useSessionStore } from '../../session/session-store';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './auth.module.css';
import { EmailField, PasswordField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { FormMessages } from './form-message';
import { asApiError, describeRegistrationError } from './messages';
import { SignInFrame } from './sign-in-frame';
import { readSignInPurpose } from './sign-in-purpose';
import { TextField } from './text-field';
import { useFormValues } from './use-form-values';
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
    <SignInFrame
      screen="register"
      purpose={purpose}
      otherWay={{ to: { pathname: '/login', search: loginSearch } }}
    >
      <RegistrationForm
        onRegistered={(email) => {
          Stored.userEmail.write(email);
          Stored.verificationPending.write(true);
          setStep({ name: 'verify', email, codeSentAt: Date.now() });
        }}
      />
    </SignInFrame>
  );
}

function RegistrationForm({ onRegistered }: { onRegistered(email: string): void }) {
  const { values, field } = useFormValues({ name: '', email: '', password: '', dateOfBirth: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const registering = useAction(async () => {
    const email = values.email.trim().toLowerCase();
    const { message } = await register({ ...values, email });
    setNotice(message);
    // Lets the user read that the account exists before the screen changes under them; the button
    // stays busy meanwhile.
    await new Promise((resolve) => setTimeout(resolve, VERIFICATION_STEP_DELAY_MS));
    onRegistered(email);
  });
  const error = registering.hasFailed ? describeRegistrationError(asApiError(registering.error)) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void registering.run();
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <TextField id="register-name" label="Name" autoComplete="name" required {...field('name')} />
      <EmailField id="register-email" {...field('email')} />
      <PasswordField
        id="register-password"
        kind="new"
        minLength={PASSWORD_MIN_LENGTH}
        {...field('password')}
      />
      <TextField
        id="register-date-of-birth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        max={todayIsoDate()}
        {...field('dateOfBirth')}
      />
      <FormMessages error={error} notice={notice} />
      <Button type="submit" isFullWidth isBusy={registering.isBusy} busyLabel="Creating account...">
        Register
      </Button>
    </form>
  );
}
