// Entering a Card ID to link: checked against the format as the user types (spec §5 Card ID).
import { type FormEvent, useState } from 'react';
import { INVALID_CARD_ID_MESSAGE, isCardId } from '../../contract/card';
import { Button } from './button';
import styles from './card-id-form.module.css';
import { Field } from './field';

interface CardIdFormProps {
  id: string;
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  initialValue?: string;
  autoFocus?: boolean;
  /** The spec words it per screen (§5 Card ID). */
  invalidMessage?: string;
  onSubmit: (cardId: string) => void;
}

/** Spec §8: the outcome of linking a typed Card ID, on the account page and on /my-card alike. */
export const CARD_LINKED_MESSAGE = 'Card linked successfully!';
export const LINK_CARD_FAILED_MESSAGE = 'Failed to link card. Please check the Card ID and try again.';

/** The message for what is typed so far; nothing while the field is empty. */
export function cardIdError(value: string, invalidMessage = INVALID_CARD_ID_MESSAGE): string | null {
  return value.trim() === '' || isCardId(value) ? null : invalidMessage;
}

export function CardIdForm({
  id,
  submitLabel,
  busyLabel,
  isBusy,
  initialValue = '',
  autoFocus,
  invalidMessage,
  onSubmit,
}: CardIdFormProps) {
  const [value, setValue] = useState(initialValue);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCardId(value)) onSubmit(value.trim());
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Field
        id={id}
        label="Card ID"
        hint="40 letters and digits, a dash, then a number, as in the e-mail that came with your card."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        value={value}
        error={cardIdError(value, invalidMessage)}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" isFullWidth disabled={!isCardId(value)} isBusy={isBusy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
