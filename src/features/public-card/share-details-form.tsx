// The form of "Share your details with {name}" on the public card (issue 26): a visitor leaves their own
// details with the card's owner, with no account, after reading exactly what the owner receives. Loaded
// on its own once the card is on screen, into the section the server already drew
// (share-details-section.tsx), so nothing here weighs on the card's first paint.
import { type FormEvent, useId, useState } from 'react';
import { type CardSource, SHARED_DETAILS_LIMITS } from '../../../contract/card-paths';
import { shareDetailsWithOwner } from '../../api/cards';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import { HoneypotField } from './honeypot-field';
import styles from './share-details.module.css';
import { firstNameOf } from './share-details-section';

export const ShareDetailsMessages = {
  nameRequired: 'Name is required',
  reachRequired: 'Please give an e-mail address or a phone number',
  consentRequired: 'Please agree to share your details',
  offline: 'You are offline, so your details were not sent. Try again once you are back online.',
  shared: (name: string) => `Thank you. ${name} has your details now.`,
  copyOnItsWay: 'A copy of the card is on its way to your inbox.',
} as const;

const FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { key: 'role', label: 'Role', type: 'text', autoComplete: 'organization-title' },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'] | 'note';
type Values = Record<FieldKey, string>;

const EMPTY: Values = { name: '', email: '', phone: '', company: '', role: '', note: '' };

/** The checks the server makes too, so that a visitor is told at once and in place. */
function validate(values: Values, hasConsent: boolean): Partial<Record<FieldKey | 'consent', string>> {
  const errors: Partial<Record<FieldKey | 'consent', string>> = {};
  if (!values.name.trim()) errors.name = ShareDetailsMessages.nameRequired;
  if (!values.email.trim() && !values.phone.trim()) errors.email = ShareDetailsMessages.reachRequired;
  if (!hasConsent) errors.consent = ShareDetailsMessages.consentRequired;
  return errors;
}

export function ShareDetailsForm({
  cardKey,
  ownerName,
  source,
}: {
  cardKey: string;
  ownerName: string;
  source: CardSource;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [hasConsent, setHasConsent] = useState(false);
  const [wantsCopy, setWantsCopy] = useState(false);
  const [leaveEmpty, setLeaveEmpty] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldKey | 'consent', string>>>({});
  const [failure, setFailure] = useState<{ message: string; errors: string[] } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [sent, setSent] = useState<{ withCopy: boolean } | null>(null);
  const firstName = firstNameOf(ownerName);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values, hasConsent);
    setErrors(found);
    setFailure(null);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setIsSending(true);
    const withCopy = wantsCopy && values.email.trim() !== '';
    const outcome = await shareDetailsWithOwner(cardKey, {
      ...values,
      consent: true,
      sendMeTheCard: withCopy,
      source,
      leaveEmpty,
    });
    setIsSending(false);
    if (outcome.kind === 'shared') setSent({ withCopy });
    else if (outcome.kind === 'offline') setFailure({ message: ShareDetailsMessages.offline, errors: [] });
    else setFailure({ message: outcome.message, errors: outcome.errors });
  }

  if (sent) {
    return (
      <p role="status" className={styles.done}>
        {ShareDetailsMessages.shared(ownerName)} {sent.withCopy && ShareDetailsMessages.copyOnItsWay}
      </p>
    );
  }

  const update = (key: FieldKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({
      ...current,
      [key]: undefined,
      ...(key === 'phone' ? { email: undefined } : {}),
    }));
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      {FIELDS.map((field) => (
        <Field
          key={field.key}
          id={`${id}-${field.key}`}
          label={field.key === 'name' ? 'Name (required)' : field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          maxLength={SHARED_DETAILS_LIMITS[field.key]}
          value={values[field.key]}
          error={errors[field.key]}
          onChange={(event) => update(field.key, event.target.value)}
        />
      ))}
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-note`} className={fieldStyles.label}>
          A short note
        </label>
        <textarea
          id={`${id}-note`}
          className={`${fieldStyles.input} ${styles.note}`}
          maxLength={SHARED_DETAILS_LIMITS.note}
          rows={3}
          placeholder="Where you met, what you talked about"
          value={values.note}
          onChange={(event) => update('note', event.target.value)}
        />
      </div>
      <HoneypotField id={`${id}-leave-empty`} value={leaveEmpty} onChange={setLeaveEmpty} />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={wantsCopy}
          disabled={!values.email.trim()}
          onChange={(event) => setWantsCopy(event.target.checked)}
        />
        <span>E-mail me a copy of {firstName}&rsquo;s card</span>
      </label>
      <div>
        <label className={styles.check}>
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={hasConsent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            onChange={(event) => {
              setHasConsent(event.target.checked);
              setErrors((current) => ({ ...current, consent: undefined }));
            }}
          />
          <span>
            I agree that {ownerName} receives the details above, kept in their Tapnet contacts so that they
            can get back in touch with me. They stay there until {firstName} deletes them; to have them
            erased, ask {firstName} or write to Tapnet (see the <a href="/policy">privacy policy</a>).
          </span>
        </label>
        {errors.consent && (
          <p id={`${id}-consent-error`} className={fieldStyles.error}>
            {errors.consent}
          </p>
        )}
      </div>
      {failure && (
        <div className={styles.failure} role="alert">
          <p>{failure.message}</p>
          {failure.errors.length > 0 && (
            <ul>
              {failure.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Button type="submit" isFullWidth isBusy={isSending} busyLabel="Sending...">
        Share my details
      </Button>
    </form>
  );
}
