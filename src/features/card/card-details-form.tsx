// The Card Details form of /my-card: Save Changes shows only once something differs from what was saved.
import { type FormEvent, useState } from 'react';
import type { Account } from '../../../contract/user';
import { AccountResource } from '../../api/user';
import { saveResourceEdit } from '../../sync/resource-writes';
import { loadResourceValue } from '../../sync/use-cached-resource';
import { FailureMessages } from '../../sync/writes/failure-messages';
import { BusinessCardWrite } from '../../sync/writes/resource-edits';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { hasChanges } from '../../ui/form-values';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { AccentPicker } from './accent-picker';
import {
  CARD_FIELDS,
  type CardFormErrors,
  type CardFormValues,
  cardFormValues,
  validateCardForm,
} from './card-form';
import {
  type CardLooksErrors,
  type CardLooksValues,
  cardLooksValues,
  hasLooksChanged,
  hasLooksErrors,
  validateCardLooks,
} from './card-looks';
import { LinksEditor } from './links-editor';
import styles from './my-card.module.css';

export const SAVE_CARD_FAILED = FailureMessages.businessCard;
export const CARD_WAITING = 'You are offline. Your card will be saved when you are back online.';

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
  // The accent and links (issue 26) are saved with the fields, in one write of the whole card.
  const [loadedLooks, setLoadedLooks] = useState(() => cardLooksValues(account));
  const [looks, setLooks] = useState(loadedLooks);
  const [looksErrors, setLooksErrors] = useState<CardLooksErrors>({ links: [] });
  // Through the pending-writes queue: offline the card waits on this device, and a change made on
  // another device meanwhile is merged field by field, not overwritten.
  const saving = useAction((card: CardFormValues & CardLooksValues) =>
    saveResourceEdit(BusinessCardWrite, AccountResource, { ...card }),
  );
  // A refusal for good is announced by the app (SAVE_CARD_FAILED), its notice saying why.
  const failure = saving.hasFailed ? SAVE_CARD_FAILED : null;
  const isDirty = hasChanges(values, loaded) || hasLooksChanged(looks, loadedLooks);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saving.reset();
    const found = validateCardForm(values);
    setErrors(found);
    const foundInLooks = validateCardLooks(looks);
    setLooksErrors(foundInLooks);
    const firstInvalid = CARD_FIELDS.find((field) => found[field.key]);
    if (firstInvalid) {
      document.getElementById(`card-${firstInvalid.key}`)?.focus();
      return;
    }
    if (hasLooksErrors(foundInLooks)) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const outcome = await saving.run({ ...values, ...looks });
    if (!outcome.ok || outcome.result === 'refused') return;
    if (outcome.result === 'waiting') {
      setLoaded(values);
      setLoadedLooks(looks);
      showToast('info', CARD_WAITING);
      return;
    }
    // The queue stored the server's answer, with its version, as the copy.
    const saved = await loadResourceValue(AccountResource);
    const savedValues = cardFormValues(saved);
    setLoaded(savedValues);
    setValues(savedValues);
    const savedLooks = cardLooksValues(saved);
    setLoadedLooks(savedLooks);
    setLooks(savedLooks);
    onSaved(saved);
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
        <AccentPicker
          value={looks.accent}
          error={looksErrors.accent}
          onChange={(accent) => {
            setLooks((current) => ({ ...current, accent }));
            setLooksErrors((current) => ({ ...current, accent: undefined }));
          }}
        />
        <LinksEditor
          links={looks.links}
          errors={looksErrors.links}
          onChange={(links) => {
            setLooks((current) => ({ ...current, links }));
            setLooksErrors({ links: [] });
          }}
        />
        {failure && <Notice tone="error" title={failure} />}
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
