// An operator's second factor on screen: whether one is set up (and how many recovery codes are left),
// and its enrolment: a new secret to scan, confirmed by a first code, then the recovery codes shown once.
import { useCallback, useEffect, useState } from 'react';
import { OperatorEndpoints, type OperatorRole, type SecondFactorStatus } from '../../contract/operators';
import { actionFailureMessage, callOperatorEndpoint, replaceOperatorToken } from '../api/operators';
import { OPERATOR_SESSION_EXPIRED, operatorValue } from '../api/sessions';

export type EnrolmentState =
  | { status: 'starting' }
  | { status: 'failed'; message: string }
  | { status: 'scanning'; secret: string; otpauthUri: string }
  | { status: 'enrolled'; recoveryCodes: string[] };

export interface EnrolmentControls {
  state: EnrolmentState;
  /** Asks for a new secret (again, after a failure). */
  start(): void;
  confirm(code: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** The recovery codes are saved: back to where the enrolment was started from. */
  finish(): void;
}

/** `onEnrolled` runs when the operator has saved the recovery codes. */
export function useEnrolment(role: OperatorRole, onEnrolled: () => void): EnrolmentControls {
  const [state, setState] = useState<EnrolmentState>({ status: 'starting' });

  const start = useCallback(async () => {
    setState({ status: 'starting' });
    try {
      const enrolment = operatorValue(await callOperatorEndpoint(OperatorEndpoints[role].startEnrolment));
      setState({ status: 'scanning', ...enrolment });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [role]);

  const confirm = useCallback(
    async (code: string): Promise<{ ok: true } | { ok: false; message: string }> => {
      const outcome = await callOperatorEndpoint(OperatorEndpoints[role].confirmEnrolment, {
        json: { code },
      });
      if (outcome.kind === 'expired') return { ok: false, message: OPERATOR_SESSION_EXPIRED };
      if (outcome.kind === 'failed') return { ok: false, message: actionFailureMessage(outcome.failure) };
      replaceOperatorToken(role, outcome.value.token);
      setState({ status: 'enrolled', recoveryCodes: outcome.value.recoveryCodes });
      return { ok: true };
    },
    [role],
  );

  const startNow = useCallback(() => void start(), [start]);
  return { state, start: startNow, confirm, finish: onEnrolled };
}

export type SecondFactorStatusState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; value: SecondFactorStatus };

/** The operator's second factor as it stands, read while `enabled` and again on `reload`. */
export function useSecondFactorStatus(role: OperatorRole, enabled: boolean) {
  const [state, setState] = useState<SecondFactorStatusState>({ status: 'loading' });
  const load = useCallback(async () => {
    try {
      const value = operatorValue(await callOperatorEndpoint(OperatorEndpoints[role].secondFactorStatus));
      setState({ status: 'ready', value });
    } catch {
      setState({ status: 'failed' });
    }
  }, [role]);
  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);
  return { state, reload: () => void load() };
}
