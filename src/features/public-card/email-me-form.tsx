// "E-mail me this card" on the public card (issue 26 point 4): for a phone that will not import a vCard,
// the visitor types their address and gets the card (the vCard attached, and its link). No account.
// The page loads this only when a visitor opens it, so none of it weighs on the card's first paint.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { emailMeCard } from '../../api/card-copies';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { HoneypotField } from './honeypot-field';
import styles from './share-details.module.css';

export const EmailMeMessages = {
  emailRequired: 'Please enter your e-mail address',
  offline: 'You are offline, so the card was not sent. Try again once you are back online.',
} as const;

export function EmailMeForm({ cardKey, ownerName }: { cardKey: string; ownerName: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [leaveEmpty, setLeaveEmpty] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const focusEmail = () => document.getElementById(`${id}-email`)?.focus();
  // Opened on purpose: the visitor types at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(focusEmail, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!email.trim()) {
      setError(EmailMeMessages.emailRequired);
      focusEmail();
      return;
    }
    setIsSending(true);
    const outcome = await emailMeCard(cardKey, { email, leaveEmpty });
    setIsSending(false);
    if (outcome.kind === 'on-its-way') setSent(outcome.message);
    else if (outcome.kind === 'offline') setFailure([EmailMeMessages.offline]);
    else setFailure([outcome.message, ...outcome.errors]);
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        E-mail me {ownerName}&rsquo;s card
      </h2>
      {sent ? (
        <p role="status" className={styles.done}>
          {sent}
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            For a phone that will not save the card: you get the contact file and the card&rsquo;s link by
            e-mail. No account needed; we keep your address only to send this one mail.
          </p>
          <form className={styles.form} onSubmit={handleSubmit} noValidate>
            <Field
              id={`${id}-email`}
              label="Your e-mail"
              type="email"
              autoComplete="email"
              value={email}
              error={error}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
            />
            <HoneypotField id={`${id}-leave-empty`} value={leaveEmpty} onChange={setLeaveEmpty} />
            {failure && (
              <div className={styles.failure} role="alert">
                {failure.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            <Button type="submit" isFullWidth isBusy={isSending} busyLabel="Sending...">
              Send me the card
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
