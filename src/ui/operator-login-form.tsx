// The operator dashboards' own login (insights-and-operators.md §2, §5, §8): e-mail and password, the
// spec's messages, and inputs that wait while the request runs; then, for an operator with a second
// factor, the code from their authenticator app (or a recovery code). The caller signs in and says how
// it went.
import { type FormEvent, type ReactNode, useState } from 'react';
import type { OperatorLoginRequest } from '../../contract/operators';
import { Button } from './button';
import { Field } from './field';
import { LogoMark } from './logo';
import { Notice } from './notice';
import styles from './operator-login-form.module.css';
import { type EnrolmentControls, SecondFactorEnrolment } from './second-factor-enrolment';
import { useAction } from './use-action';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';

export const AUTHENTICATING_LABEL = 'Authenticating...';

/** How a sign-in went; the message is shown as it is. `needsCode`: the password was right, the code is next. */
export type OperatorLoginResult = { ok: true; needsCode?: boolean } | { ok: false; message: string };

export const MISSING_CODE_MESSAGE = 'Please enter the code from your authenticator app';

export interface OperatorLoginFormProps {
  /** The page's heading, e.g. 'Admin Dashboard'. */
  title: string;
  /** One line under the heading saying who signs in here. */
  description: string;
  /** The submit button's words, e.g. 'Access Security Dashboard'. */
  submitLabel: string;
  /** The e-mail the form starts with (from configuration). */
  defaultEmail: string;
  /** A message from before the form showed, e.g. that the session expired. */
  notice: string | null;
  /** Ids of the inputs start with this, so two forms on a page never share one. */
  idPrefix: string;
  onLogIn(credentials: OperatorLoginRequest): Promise<OperatorLoginResult>;
  /** The second step: a code from the authenticator app or a recovery code. */
  onSecondFactor(code: string): Promise<OperatorLoginResult>;
  /** The second step with a passkey instead (the browser asks the operator's device). */
  onPasskey(): Promise<OperatorLoginResult>;
}

export function OperatorLoginForm({
  title,
  description,
  submitLabel,
  defaultEmail,
  notice,
  idPrefix,
  onLogIn,
  onSecondFactor,
  onPasskey,
}: OperatorLoginFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isAskingCode, setIsAskingCode] = useState(false);
  const [message, setMessage] = useState<string | null>(notice);
  const loggingIn = useAction(async (credentials: OperatorLoginRequest) => {
    const result = await onLogIn(credentials);
    if (!result.ok) setMessage(result.message);
    else if (result.needsCode) setIsAskingCode(true);
  });
  const verifying = useAction(async (given: string) => {
    const result = await onSecondFactor(given);
    if (!result.ok) setMessage(result.message);
  });
  const usingPasskey = useAction(async () => {
    setMessage(null);
    const result = await onPasskey();
    if (!result.ok) setMessage(result.message);
  });

  function handleCodeSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setMessage(MISSING_CODE_MESSAGE);
      return;
    }
    setMessage(null);
    void verifying.run(code.trim());
  }

  function startOver() {
    setIsAskingCode(false);
    setCode('');
    setPassword('');
    setMessage(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = { email: email.trim(), password };
    if (!credentials.email || !credentials.password) {
      setMessage(MISSING_CREDENTIALS_MESSAGE);
      return;
    }
    setMessage(null);
    void loggingIn.run(credentials);
  }

  const titleId = `${idPrefix}-title`;
  return (
    <OperatorCard titleId={titleId} title={title} description={description}>
      {isAskingCode ? (
        <form className={styles.form} onSubmit={handleCodeSubmit} noValidate aria-labelledby={titleId}>
          <Field
            id={`${idPrefix}-code`}
            label="Authentication code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            spellCheck={false}
            autoFocus
            value={code}
            disabled={verifying.isBusy}
            onChange={(event) => setCode(event.target.value)}
          />
          {message && <Notice tone="error" title={message} />}
          <Button type="submit" isFullWidth isBusy={verifying.isBusy} busyLabel="Verifying...">
            Verify
          </Button>
          <Button
            variant="secondary"
            isFullWidth
            isBusy={usingPasskey.isBusy}
            busyLabel="Waiting for your passkey..."
            onClick={() => void usingPasskey.run()}
          >
            Use a passkey
          </Button>
          <Button variant="quiet" isFullWidth onClick={startOver}>
            Back to sign in
          </Button>
        </form>
      ) : (
        /* The spec's own message replaces the browser's for empty fields (§5). */
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
          <Field
            id={`${idPrefix}-email`}
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            disabled={loggingIn.isBusy}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            id={`${idPrefix}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={loggingIn.isBusy}
            onChange={(event) => setPassword(event.target.value)}
          />
          {message && <Notice tone="error" title={message} />}
          <Button type="submit" isFullWidth isBusy={loggingIn.isBusy} busyLabel={AUTHENTICATING_LABEL}>
            {submitLabel}
          </Button>
        </form>
      )}
    </OperatorCard>
  );
}

/** The operator pages' one card in the middle of the page, under the logo and a heading. */
function OperatorCard({
  titleId,
  title,
  description,
  children,
}: {
  titleId: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        <div className={styles.heading}>
          <LogoMark size={44} />
          <div>
            <h1 id={titleId} className={styles.title}>
              {title}
            </h1>
            <p className={styles.description}>{description}</p>
          </div>
        </div>
        {children}
      </section>
    </main>
  );
}

/**
 * The first sign-in of an operator who must have a second factor and has none: the enrolment, on the
 * login's own page, and nothing else of the dashboard until it is done.
 */
export function OperatorEnrolmentPage({
  title,
  idPrefix,
  enrolment,
  onLogOut,
}: {
  title: string;
  idPrefix: string;
  enrolment: EnrolmentControls;
  onLogOut(): void;
}) {
  return (
    <OperatorCard
      titleId={`${idPrefix}-enrol-title`}
      title="Set up your authenticator app"
      description={`${title} asks for a code from an authenticator app after your password. Set it up now to continue.`}
    >
      <SecondFactorEnrolment controls={enrolment} idPrefix={idPrefix} />
      <Button variant="quiet" isFullWidth onClick={onLogOut}>
        Log out
      </Button>
    </OperatorCard>
  );
}
