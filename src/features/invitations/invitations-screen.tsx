// /invitations: pending invitations from members who saved my card, each accepted or denied (spec §2, §8).
import { useEffect, useRef, useState } from 'react';
import type { Invitation } from '../../../contract/invitations';
import { InvitationsResource } from '../../api/invitations';
import { writeNow } from '../../sync/flush-triggers';
import { useAnsweredInvitationIds } from '../../sync/pending';
import { updateResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { requestContactsRevalidation } from '../../sync/use-contacts';
import { FailureMessages } from '../../sync/writes/failure-messages';
import {
  AcceptInvitationWrite,
  DenyInvitationWrite,
  type InvitationAnswer,
} from '../../sync/writes/invitation-answers';
import type { WriteKind } from '../../sync/writes/write-kind';
import { Button } from '../../ui/button';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './invitations.module.css';

export const INVITATION_MESSAGES = {
  accepted: 'Invitation accepted!',
  denied: 'Invitation denied.',
  acceptFailed: FailureMessages.acceptInvitation,
  denyFailed: FailureMessages.denyInvitation,
  loadFailed: 'Unable to load invitations.',
  empty: 'No pending invitations.',
  waiting: 'You are offline. Your answer will be sent when you are back online.',
} as const;

type Answer = 'accept' | 'deny';

/**
 * Each answer goes through the pending-writes queue: sent at once when online, kept on this device when
 * not. A refusal for good (answered already on another device) is announced by the app.
 */
const ANSWERS: Record<Answer, { write: WriteKind<InvitationAnswer>; done: string; failed: string }> = {
  accept: {
    write: AcceptInvitationWrite,
    done: INVITATION_MESSAGES.accepted,
    failed: INVITATION_MESSAGES.acceptFailed,
  },
  deny: {
    write: DenyInvitationWrite,
    done: INVITATION_MESSAGES.denied,
    failed: INVITATION_MESSAGES.denyFailed,
  },
};

export function InvitationsScreen() {
  const list = useCachedResource(InvitationsResource);
  // Where the answered invitation was: keyboard and screen-reader users continue from there, not from the top.
  const [answeredIndex, setAnsweredIndex] = useState<number | null>(null);
  // Gone from the list at once, so focus moves on in the same paint; the stored copy follows.
  const [answeredIds, setAnsweredIds] = useState<string[]>([]);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (answeredIndex === null) return;
    const items = listRef.current?.querySelectorAll('li') ?? [];
    const next = items[Math.min(answeredIndex, items.length - 1)]?.querySelector('button');
    (next ?? emptyRef.current)?.focus();
    setAnsweredIndex(null);
  }, [answeredIndex]);

  function remove(invitationId: string) {
    const items = Array.from(listRef.current?.children ?? []);
    setAnsweredIndex(items.findIndex((item) => item.getAttribute('data-invitation-id') === invitationId));
    setAnsweredIds((current) => [...current, invitationId]);
    void updateResourceValue(InvitationsResource, (invitations) =>
      invitations.filter((item) => item._id !== invitationId),
    );
  }

  // Answered here, or answered offline and waiting to be sent (a list fetched meanwhile still has them).
  const answeredOffline = useAnsweredInvitationIds();
  const pending =
    list.status === 'ready'
      ? list.value.filter(
          (invitation) => !answeredIds.includes(invitation._id) && !answeredOffline.has(invitation._id),
        )
      : [];

  return (
    <Screen title="Invitations" backTo="/contacts">
      <p className={styles.intro}>
        People who saved your card or sent you theirs. Accept to add them to your contacts too.
      </p>
      {list.status === 'loading' && <LoadingPlaceholder label="Loading invitations…" />}
      {list.status === 'failed' && (
        <LoadFailed message={INVITATION_MESSAGES.loadFailed} onRetry={list.retry} />
      )}
      {list.status === 'ready' && pending.length === 0 && (
        <p ref={emptyRef} tabIndex={-1} className={styles.empty}>
          {INVITATION_MESSAGES.empty}
        </p>
      )}
      {list.status === 'ready' && pending.length > 0 && (
        <ul ref={listRef} className={styles.list} aria-label="Pending invitations">
          {pending.map((invitation) => (
            <InvitationItem key={invitation._id} invitation={invitation} onAnswered={remove} />
          ))}
        </ul>
      )}
    </Screen>
  );
}

function InvitationItem({
  invitation,
  onAnswered,
}: {
  invitation: Invitation;
  onAnswered: (invitationId: string) => void;
}) {
  const answering = useAction((kind: Answer) =>
    writeNow(ANSWERS[kind].write, { invitationId: invitation._id, inviterName: invitation.name }),
  );
  const busy = answering.runningWith ?? null;
  const headline = [invitation.role, invitation.company].filter(Boolean).join(' · ');

  async function answer(kind: Answer) {
    const outcome = await answering.run(kind);
    if (!outcome.ok) {
      // It could not even be kept on this device.
      showToast('error', ANSWERS[kind].failed);
      return;
    }
    if (outcome.result === 'sent') {
      showToast('success', ANSWERS[kind].done);
      if (kind === 'accept') requestContactsRevalidation();
    } else if (outcome.result === 'waiting') showToast('info', INVITATION_MESSAGES.waiting);
    // Answered, waiting to be sent, or refused because it was answered elsewhere: no longer pending here.
    onAnswered(invitation._id);
  }

  return (
    <li className={styles.item} data-invitation-id={invitation._id}>
      <div className={styles.person}>
        <span className={styles.avatar} aria-hidden="true">
          {invitation.name.charAt(0).toUpperCase()}
        </span>
        <div className={styles.details}>
          <p className={styles.name}>{invitation.name}</p>
          {headline && <p className={styles.headline}>{headline}</p>}
          <p className={styles.email}>{invitation.email}</p>
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          aria-label={`Accept invitation from ${invitation.name}`}
          isBusy={busy === 'accept'}
          busyLabel="Accepting…"
          disabled={busy !== null}
          onClick={() => answer('accept')}
        >
          Accept
        </Button>
        <Button
          variant="secondary"
          aria-label={`Deny invitation from ${invitation.name}`}
          isBusy={busy === 'deny'}
          busyLabel="Denying…"
          disabled={busy !== null}
          onClick={() => answer('deny')}
        >
          Deny
        </Button>
      </div>
    </li>
  );
}
