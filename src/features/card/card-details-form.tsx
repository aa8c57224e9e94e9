// The Card Details form of /my-card: Save Changes shows only once something differs from what was saved.
import { type FormEvent, useState } from 'react';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { updateBusinessCard } from '../../api/user';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { hasChanges } from '../../ui/form-values';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { CARD_FIELDS, type CardFormErrors, cardFormValues, validateCardForm } from './card-form';
import styles from './my-card.module.css';

export const SAVE_CARD_FAILED = 'Failed to save business card. Please try again.';

export function CardDetailsForm({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const [loaded, setLoaded] = useState(() => cardFormValues(account));
  const [values, setValues] = useState(loaded);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const saving = useAction(updateBusinessCard);
  const failure = saving.hasFailed
    ? {
        message: SAVE_CARD_FAILED,
        details:
          saving.error instanceof ApiError && saving.error.errors.length > 0 ? saving.error.errors : [],
      }
    : null;
  const isDirty = hasChanges(values, loaded);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saving.reset();
    const found = validateCardForm(values);
    setErrors(found);
    const firstInvalid = CARD_FIELDS.find((field) => found[field.key]);
    if (firstInvalid) {
      document.getElementById(`card-${firstInvalid.key}`)?.focus();
      return;
    }
    const outcome = await saving.run(values);
    if (!outcome.ok) return;
    const savedValues = cardFormValues(outcome.result);
    setLoaded(savedValues);
    setValues(savedValues);
    onSaved(outcome.result);
    showToast('success', 'Business card saved.');
  }

  return (
    <Panel
      title="Card Details"
      description="What people see when they tap your card. Name and email are required."
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <div className={styles.fieldGrid}>
          {CARD_FIELDS.map((field) => (
            <Field
              key={field.key}
              id={`card-${field.key}`}
              label={field.label}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              required={field.isRequired}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field.key]: value }));
                setErrors((current) => ({ ...current, [field.key]: undefined }));
              }}
            />
          ))}
        </div>
        {failure && (
          <Notice tone="error" title={failure.message}>
            {failure.details.length > 0 && (
              <ul className={styles.errorList}>
                {failure.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        {isDirty && (
          <div className={styles.saveBar}>
            <Button type="submit" isFullWidth isBusy={saving.isBusy} busyLabel="Saving...">
              Save Changes
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
