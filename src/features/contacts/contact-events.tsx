// Events as members think of them (issue 27): the current event ("Web Summit 2026"), which every contact
// saved takes until it is cleared, and each contact's event, which can be set, changed or removed. Both
// go through the pending-writes queue like notes and flags: offline they wait on the device, shown as
// chosen with "Waiting for connection", and are sent when the connection returns.
import { type FormEvent, useId, useState } from 'react';
import { type Contact, EVENT_NAME_MAX_LENGTH } from '../../../contract/contacts';
import { CurrentEventResource } from '../../api/contacts';
import { queueContactEvent, queueCurrentEvent } from '../../sync/contact-writes';
import { usePendingCurrentEvent } from '../../sync/pending';
import { useCachedResource } from '../../sync/use-cached-resource';
import { FailureMessages } from '../../sync/writes/failure-messages';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './contact-events.module.css';
import { OfflineMessages } from './messages';

/**
 * Saving an event's name, and the form for it open or closed: a choice kept on the device closes it (the
 * queue sends it); only one the device could not keep is an error here.
 */
function useEventEditing(write: (event: string | null) => Promise<unknown>) {
  const [isEditing, setIsEditing] = useState(false);
  const saving = useAction(write);

  async function save(event: string | null) {
    const outcome = await saving.run(event);
    if (!outcome.ok) {
      showToast('error', FailureMessages.event);
      return;
    }
    setIsEditing(false);
    if (!navigator.onLine) showToast('info', OfflineMessages.event);
  }

  return { isEditing, setIsEditing, isBusy: saving.isBusy, save };
}

interface EventNameFormProps {
  label: string;
  initial: string;
  isBusy: boolean;
  onSave: (event: string) => void;
  onCancel: () => void;
}

/** A name typed for an event: Save keeps it (trimmed), Cancel or Escape leaves it as it was. */
function EventNameForm({ label, initial, isBusy, onSave, onCancel }: EventNameFormProps) {
  const id = useId();
  const [name, setName] = useState(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) onSave(name.trim());
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <Field
        id={id}
        label={label}
        value={name}
        maxLength={EVENT_NAME_MAX_LENGTH}
        placeholder="Web Summit 2026"
        autoComplete="off"
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      />
      <div className={styles.actions}>
        <Button type="submit" isBusy={isBusy} disabled={!name.trim()}>
          Save
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Above the list: the event saves are tagged with, and the way to set, change or clear it. */
export function CurrentEventBar() {
  const current = useCachedResource(CurrentEventResource);
  const pending = usePendingCurrentEvent();
  const { isEditing, setIsEditing, isBusy, save } = useEventEditing(queueCurrentEvent);
  const isPending = pending !== undefined;
  const event = isPending ? pending : current.status === 'ready' ? current.value.event : null;

  if (isEditing) {
    return (
      <section className={styles.bar} aria-label="Current event">
        <EventNameForm
          label="Current event: every contact you save is tagged with it"
          initial={event ?? ''}
          isBusy={isBusy}
          onSave={save}
          onCancel={() => setIsEditing(false)}
        />
      </section>
    );
  }
  if (!event) {
    return (
      <button type="button" className={styles.setCurrent} onClick={() => setIsEditing(true)}>
        At an event? Tag everyone you save
      </button>
    );
  }
  return (
    <section className={`${styles.bar} ${styles.current}`} aria-label="Current event">
      <p className={styles.currentText}>
        Saving contacts to <strong>{event}</strong>
        {isPending && <span className={styles.waiting}>Waiting for connection</span>}
      </p>
      <div className={styles.actions}>
        <Button variant="quiet" onClick={() => setIsEditing(true)}>
          Change
        </Button>
        <Button variant="quiet" isBusy={isBusy} onClick={() => save(null)}>
          End event
        </Button>
      </div>
    </section>
  );
}

interface ContactEventProps {
  /** The contact with its waiting changes (withPendingChanges). */
  contact: Pick<Contact, '_id' | 'name' | 'event'>;
  /** The event shown waits to be sent. */
  isPending: boolean;
}

/** On a contact's card: the event where they met, with Edit, Add and Remove. */
export function ContactEvent({ contact, isPending }: ContactEventProps) {
  const event = contact.event ?? null;
  const { isEditing, setIsEditing, isBusy, save } = useEventEditing((next) =>
    queueContactEvent(contact, next),
  );

  if (isEditing) {
    return (
      <EventNameForm
        label="Event where you met"
        initial={event ?? ''}
        isBusy={isBusy}
        onSave={save}
        onCancel={() => setIsEditing(false)}
      />
    );
  }
  return (
    <div className={styles.contactEvent}>
      {event ? (
        <>
          <p className={styles.eventName}>
            <span className={styles.eventLabel}>Event</span> {event}
            {isPending && <span className={styles.waiting}>Waiting for connection</span>}
          </p>
          <Button variant="quiet" aria-label={`Change the event ${event}`} onClick={() => setIsEditing(true)}>
            Change
          </Button>
          <Button
            variant="quiet"
            isBusy={isBusy}
            aria-label={`Remove the event ${event}`}
            onClick={() => save(null)}
          >
            Remove
          </Button>
        </>
      ) : (
        <Button variant="quiet" onClick={() => setIsEditing(true)}>
          Add an event
        </Button>
      )}
    </div>
  );
}
