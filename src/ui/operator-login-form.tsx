// The operator dashboards' own login (insights-and-operators.md §2, §5, §8): e-mail and password, the
// spec's messages, and inputs that wait while the request runs. The caller signs in and says how it went.
import { type FormEvent, useState } from 'react';
import type { OperatorLoginRequest } from '../../contract/operators';
import { Button } from './button';
import { Field } from './field';
import { LogoMark } from './logo';
import { Notice } from './notice';
import styles from './operator-login-form.module.css';
import { useAction } from './use-action';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';

export const AUTHENTICATING_LABEL = 'Authenticating...';

/** How a sign-in went; the message is shown as it is. */
export type OperatorLoginResult = { ok: true } | { ok: false; message: string };

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
}

export function OperatorLoginForm({
  title,
  description,
  submitLabel,
  defaultEmail,
  notice,
  idPrefix,
  onLogIn,
}: OperatorLoginFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(notice);
  const loggingIn = useAction(async (credentials: OperatorLoginRequest) => {
    const result = await onLogIn(credentials);
    if (!result.ok) setMessage(result.message);
  });

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
        {/* The spec's own message replaces the browser's for empty fields (§5). */}
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
      </section>
    </main>
  );
}
