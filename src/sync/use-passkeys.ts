// An operator's passkeys on screen (issue 30 point 4): the list, adding one under a name (the browser's
// authenticator creates it for the server's challenge) and removing one. Adding or removing ends the
// operator's other sessions; adding answers the token this one goes on with.
import { useCallback, useEffect, useState } from 'react';
import type { WebAuthnCredential } from '../../contract/operators';
import { OperatorEndpoints, type OperatorRole, type Passkey } from '../../contract/operators';
import {
  actionFailureMessage,
  askAuthenticator,
  callOperatorEndpoint,
  type OperatorCallOutcome,
  PASSKEY_CANCELLED_MESSAGE,
  replaceOperatorToken,
} from '../api/operators';
import { OPERATOR_SESSION_EXPIRED } from '../api/sessions';

export type PasskeysState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; passkeys: Passkey[] };

type ActionResult = { ok: true } | { ok: false; message: string };

function failureOf(outcome: Exclude<OperatorCallOutcome<unknown>, { kind: 'done' }>): ActionResult {
  return {
    ok: false,
    message: outcome.kind === 'expired' ? OPERATOR_SESSION_EXPIRED : actionFailureMessage(outcome.failure),
  };
}

/** The operator's passkeys, read while `enabled`; `onChanged` runs after one is added or removed. */
export function usePasskeys(role: OperatorRole, enabled: boolean, onChanged: () => void) {
  const endpoints = OperatorEndpoints[role];
  const [state, setState] = useState<PasskeysState>({ status: 'loading' });
  const load = useCallback(async () => {
    const outcome = await callOperatorEndpoint(OperatorEndpoints[role].passkeys);
    setState(
      outcome.kind === 'done' ? { status: 'ready', passkeys: outcome.value.passkeys } : { status: 'failed' },
    );
  }, [role]);
  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const add = useCallback(
    async (name: string): Promise<ActionResult> => {
      const options = await callOperatorEndpoint(endpoints.passkeyRegistrationOptions);
      if (options.kind !== 'done') return failureOf(options);
      const credential = await askAuthenticator('create', options.value);
      if (!credential) return { ok: false, message: PASSKEY_CANCELLED_MESSAGE };
      const outcome = await callOperatorEndpoint(endpoints.registerPasskey, {
        json: { name, credential: credential as WebAuthnCredential },
      });
      if (outcome.kind !== 'done') return failureOf(outcome);
      replaceOperatorToken(role, outcome.value.token);
      setState({ status: 'ready', passkeys: outcome.value.passkeys });
      onChanged();
      return { ok: true };
    },
    [endpoints, role, onChanged],
  );

  const remove = useCallback(
    async (passkeyId: string): Promise<ActionResult> => {
      const outcome = await callOperatorEndpoint(endpoints.removePasskey, { params: { passkeyId } });
      if (outcome.kind !== 'done') return failureOf(outcome);
      setState({ status: 'ready', passkeys: outcome.value.passkeys });
      onChanged();
      return { ok: true };
    },
    [endpoints, onChanged],
  );

  return { state, reload: () => void load(), add, remove };
}
