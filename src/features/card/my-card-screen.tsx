// /my-card (spec §2): the member's Card Details, their NFC card's state, and its activation (spec §4).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { INVALID_CARD_ID_MESSAGE } from '../../../contract/card';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { AccountResource, updateProfile } from '../../api/user';
import {
  ACTIVATE_CARD_PARAM,
  clearDeferredActivationCard,
  readDeferredActivationCard,
  takeCardActivationSuccess,
} from '../../session/card-activation';
import { useSessionStore } from '../../session/session-store';
import { storeResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { CARD_LINKED_MESSAGE, LINK_CARD_FAILED_MESSAGE } from '../../ui/card-id-form';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { Screen } from '../../ui/screen';
import { ACTIVATION_FAILED, describeActivationFailure, planActivation } from './activation';
import { CardDetailsForm } from './card-details-form';
import { CardLinkPanel } from './card-link-panel';
import { type ActivationState, CardPanel, CardStatusBadge } from './card-panel';
import styles from './my-card.module.css';
import { PhotoPanel } from './photo-panel';
import { TakeCardPanel } from './take-card-panel';

export const FETCH_CARD_FAILED = 'Failed to fetch card information.';

type ActivationMode = 'automatic' | 'manual';

export function MyCardScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const load = useCachedResource(AccountResource);
  // What the server answered this screen's own save: shown at once, while the stored copy catches up.
  const [saved, setSaved] = useState<Account | null>(null);
  const account = saved ?? (load.status === 'ready' ? load.value : null);
  const [activation, setActivation] = useState<ActivationState>({ kind: 'idle' });
  const [isCelebrating, setIsCelebrating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const hasPlannedActivation = useRef(false);
  const queryCardId = searchParams.get(ACTIVATE_CARD_PARAM);

  useEffect(() => {
    if (takeCardActivationSuccess()) setIsCelebrating(true);
  }, []);

  /** Shows an account the server sent back and shares it with the rest of the app. */
  const showAccount = useCallback((next: Account) => {
    useSessionStore.getState().signIn(next);
    void storeResourceValue(AccountResource, next);
    setSaved(next);
  }, []);

  const activate = useCallback(
    async (cardId: string, mode: ActivationMode) => {
      setActivation({ kind: 'activating', cardId });
      setIsCelebrating(false);
      try {
        showAccount(await updateProfile({ nfcUID: cardId }));
        setActivation({ kind: 'idle' });
        setIsCelebrating(true);
      } catch (error) {
        const failure =
          mode === 'automatic'
            ? describeActivationFailure(error)
            : { message: LINK_CARD_FAILED_MESSAGE, reason: error instanceof ApiError ? error.message : null };
        setActivation({ kind: 'failed', cardId, failure });
      }
    },
    [showAccount],
  );

  // Once per visit, with the account known: the activation link followed, or the one kept over sign-in.
  useEffect(() => {
    if (!account || hasPlannedActivation.current) return;
    hasPlannedActivation.current = true;
    const plan = planActivation({
      queryCardId,
      storedCardId: readDeferredActivationCard(),
      linkedCardId: account.nfcUID,
    });
    if (plan.kind === 'none') return;
    clearDeferredActivationCard();
    // Spec §4: the query is cleared, so a reload or a shared link does not activate again.
    if (queryCardId) setSearchParams({}, { replace: true });
    if (plan.kind === 'activate') activate(plan.cardId, 'automatic');
    else if (plan.kind === 'already-linked') setNotice('This card is already linked to your account.');
    else if (plan.kind === 'has-other-card') {
      setNotice(
        'Your account already has a linked card. To use another one, remove the current Card ID on your Account page first.',
      );
    } else {
      setActivation({
        kind: 'failed',
        cardId: plan.cardId,
        failure: { message: ACTIVATION_FAILED, reason: INVALID_CARD_ID_MESSAGE },
      });
    }
  }, [account, queryCardId, setSearchParams, activate]);

  return (
    <Screen
      title="My Card"
      backTo="/contacts"
      width="wide"
      titleAside={account && <CardStatusBadge nfcUID={account.nfcUID} />}
    >
      {isCelebrating && (
        <Notice
          tone="success"
          title={
            <>
              <span aria-hidden="true">🎉 </span>
              {CARD_LINKED_MESSAGE}
            </>
          }
          onClose={() => setIsCelebrating(false)}
          closeLabel="Close the congratulations message"
        >
          Congratulations, your Tapnet card is active. Anyone who taps it now sees your card.
        </Notice>
      )}
      {notice && (
        <Notice tone="info" title={notice} onClose={() => setNotice(null)} closeLabel="Dismiss message" />
      )}
      {!account && load.status === 'loading' && <LoadingPlaceholder label="Loading your card…" />}
      {!account && load.status === 'failed' && (
        <LoadFailed message={FETCH_CARD_FAILED} onRetry={load.retry} />
      )}
      {account && (
        <div className={styles.layout}>
          <CardDetailsForm key={account._id} account={account} onSaved={showAccount} />
          <div className={styles.side}>
            <PhotoPanel account={account} onChanged={showAccount} />
            {account.cardHandle && (
              <CardLinkPanel account={account} handle={account.cardHandle} onChanged={showAccount} />
            )}
            <CardPanel
              nfcUID={account.nfcUID}
              activation={activation}
              onActivate={(cardId) => activate(cardId, 'manual')}
            />
            {account.cardHandle && <TakeCardPanel account={account} handle={account.cardHandle} />}
          </div>
        </div>
      )}
    </Screen>
  );
}
