// "Add someone" (issue 26 point 3): a person who has no card, typed in or read from a photo of their
// paper card on this phone. Works offline (the add waits in the one queue); someone who looks like a
// contact the member has is offered as "update them or keep both".
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AddSomeoneRequest,
  AddSomeoneRequestSchema,
  type OnMatch,
  WHERE_MAX_LENGTH,
} from '../../../contract/add-someone';
import { SHARED_DETAILS_LIMITS } from '../../../contract/card-paths';
import type { Contact } from '../../../contract/contacts';
import { NOTES_MAX_LENGTH } from '../../../contract/contacts';
import { addSomeoneByHand } from '../../sync/contact-adds';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import styles from './add-someone.module.css';
import { readCardText } from './card-text';
import {
  MAKE_SCANNING_OFFLINE,
  AddSomeoneScreenMessages as Messages,
  OfflineScanningMessages,
} from './messages';
import { useOfflineScanning } from './use-offline-scanning';

const FIELDS = [
  { key: 'name', label: 'Name (required)', type: 'text', autoComplete: 'off' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'off' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { key: 'company', label: 'Company', type: 'text', autoComplete: 'off' },
  { key: 'role', label: 'Role', type: 'text', autoComplete: 'off' },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'] | 'where' | 'note';
type Values = Record<FieldKey, string>;
type Errors = Partial<Record<FieldKey, string>>;

const EMPTY: Values = { name: '', email: '', phone: '', company: '', role: '', where: '', note: '' };
const LIMITS: Record<FieldKey, number> = {
  ...SHARED_DETAILS_LIMITS,
  where: WHERE_MAX_LENGTH,
  note: NOTES_MAX_LENGTH,
};

type Place = { lat: number; lng: number } | null;
type ScanState = { kind: 'idle' } | { kind: 'reading'; percent: number } | { kind: 'done'; message: string };

/** The contract's own checks, each message put by the field it is about. */
function check(values: Values, place: Place, onMatch: OnMatch) {
  const request: AddSomeoneRequest = { ...values, ...(place ?? {}), onMatch };
  const parsed = AddSomeoneRequestSchema.safeParse(request);
  if (parsed.success) return { request, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as FieldKey;
    if (key in EMPTY && !errors[key]) errors[key] = issue.message;
  }
  return { request: null, errors };
}

function useScan(onRead: (text: string) => void, onDone: () => void) {
  const [scan, setScan] = useState<ScanState>({ kind: 'idle' });
  async function read(file: File) {
    setScan({ kind: 'reading', percent: 0 });
    try {
      // The engine loads only now, from this site (cached once used, so it works with no signal).
      const { readTextOnDevice } = await import('./ocr');
      const text = await readTextOnDevice(file, (status, progress) => {
        if (status === 'recognizing text') setScan({ kind: 'reading', percent: Math.round(progress * 100) });
      });
      if (text.trim() === '') return setScan({ kind: 'done', message: Messages.readNothing });
      onRead(text);
      setScan({ kind: 'done', message: Messages.read });
    } catch (error) {
      console.warn('Reading the card failed', error);
      setScan({ kind: 'done', message: Messages.readFailed });
    } finally {
      onDone();
    }
  }
  return { scan, read };
}

export function AddSomeoneScreen() {
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [place, setPlace] = useState<Place>(null);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [match, setMatch] = useState<Contact | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const offline = useOfflineScanning();
  const { scan, read } = useScan((text) => {
    const found = readCardText(text);
    setValues((current) => ({
      ...current,
      name: found.name || current.name,
      email: found.email || current.email,
      phone: found.phone || current.phone,
      company: found.company || current.company,
      role: found.role || current.role,
      note:
        found.website && !current.note.includes(found.website)
          ? `${current.note}${current.note ? '\n' : ''}Website: ${found.website}`.trim()
          : current.note,
    }));
    setErrors({});
    document.getElementById(`${id}-name`)?.focus();
  }, offline.recheck);
  const offlineMessage = OfflineScanningMessages[offline.state];

  const update = (key: FieldKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setMatch(null);
  };

  function locate() {
    if (!('geolocation' in navigator)) return setLocationNote(Messages.locationFailed);
    setLocationNote(Messages.locating);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPlace({ lat: position.coords.latitude, lng: position.coords.longitude });
        setLocationNote(Messages.located);
      },
      () => {
        setPlace(null);
        setLocationNote(Messages.locationFailed);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }

  async function save(onMatch: OnMatch) {
    const { request, errors: found } = check(values, place, onMatch);
    setErrors(found);
    setFailure(null);
    const firstInvalid = Object.keys(found)[0];
    if (!request) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setIsSaving(true);
    const outcome = await addSomeoneByHand(request);
    setIsSaving(false);
    switch (outcome.kind) {
      case 'matches':
        setMatch(outcome.match);
        return;
      case 'failed':
        setFailure(outcome.message);
        return;
      case 'queued':
        showToast('info', Messages.queued);
        break;
      case 'merged':
        showToast('success', `Added the new details to ${outcome.contact.name}`);
        break;
      case 'added':
        showToast('success', `${outcome.contact.name} was added to your contacts`);
        break;
    }
    navigate('/contacts');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save('ask');
  }

  function chosen(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (file) void read(file);
  }

  return (
    <Screen title="Add someone" backTo="/contacts">
      <section className={styles.section} aria-labelledby={`${id}-scan-title`}>
        <h2 id={`${id}-scan-title`}>Scan a paper card</h2>
        <p className={styles.lead}>
          The photo is read on this phone and never leaves it. You check every field before saving.
        </p>
        <div className={styles.scan}>
          <Button
            variant="secondary"
            onClick={() => cameraInput.current?.click()}
            disabled={scan.kind === 'reading'}
          >
            Take a photo of the card
          </Button>
          <Button
            variant="quiet"
            onClick={() => photoInput.current?.click()}
            disabled={scan.kind === 'reading'}
          >
            Choose a photo
          </Button>
          <input
            ref={cameraInput}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => chosen(event.currentTarget)}
          />
          <input
            ref={photoInput}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="card-photo"
            onChange={(event) => chosen(event.currentTarget)}
          />
        </div>
        <p className={styles.status} role="status">
          {scan.kind === 'reading' && `${Messages.reading} ${scan.percent}%`}
          {scan.kind === 'done' && scan.message}
        </p>
        <div className={styles.offline}>
          <p className={styles.status} role="status">
            {offlineMessage}
          </p>
          {(offline.state === 'ask' || offline.state === 'failed') && (
            <Button variant="quiet" onClick={() => void offline.get()}>
              {MAKE_SCANNING_OFFLINE}
            </Button>
          )}
        </div>
      </section>

      <form className={styles.section} onSubmit={handleSubmit} noValidate aria-label="Their details">
        <div className={styles.pair}>
          {FIELDS.map((field) => (
            <Field
              key={field.key}
              id={`${id}-${field.key}`}
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={LIMITS[field.key]}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(event) => update(field.key, event.target.value)}
            />
          ))}
          <Field
            id={`${id}-where`}
            label="Where you met"
            hint="Shown as “Met …”, for example “at Web Summit, Lisbon”"
            maxLength={WHERE_MAX_LENGTH}
            value={values.where}
            error={errors.where}
            onChange={(event) => update('where', event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button variant="quiet" onClick={locate}>
            {place ? 'Update my location' : 'Add where I am now'}
          </Button>
          {locationNote && (
            <p className={styles.status} role="status">
              {locationNote}
            </p>
          )}
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-note`} className={fieldStyles.label}>
            Note
          </label>
          <textarea
            id={`${id}-note`}
            className={`${fieldStyles.input} ${styles.note}`}
            maxLength={NOTES_MAX_LENGTH}
            rows={3}
            value={values.note}
            aria-invalid={errors.note ? true : undefined}
            onChange={(event) => update('note', event.target.value)}
          />
          {errors.note && <p className={fieldStyles.error}>{errors.note}</p>}
        </div>
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        {match ? (
          <section className={styles.match} role="alertdialog" aria-labelledby={`${id}-match`}>
            <p id={`${id}-match`}>
              This looks like <strong>{match.name}</strong>, who is already among your contacts
              {match.email ? ` (${match.email})` : match.phone ? ` (${match.phone})` : ''}.
            </p>
            <div className={styles.actions}>
              <Button isBusy={isSaving} busyLabel="Saving..." onClick={() => void save('merge')} autoFocus>
                Update {match.name}
              </Button>
              <Button variant="secondary" disabled={isSaving} onClick={() => void save('keep-both')}>
                Keep both
              </Button>
              <Button variant="quiet" disabled={isSaving} onClick={() => setMatch(null)}>
                Cancel
              </Button>
            </div>
          </section>
        ) : (
          <Button type="submit" isFullWidth isBusy={isSaving} busyLabel="Saving...">
            Save contact
          </Button>
        )}
      </form>
    </Screen>
  );
}
