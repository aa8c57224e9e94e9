// The open sessions of the signed-in account (issue 30 point 4), for members and operators alike: what
// signed in (browser, system, device), from which country, when it was last seen, which one is this
// device; ending one, or all the others.
import type { ActiveSession } from '../../contract/sessions';
import { Badge } from './badge';
import { Button } from './button';
import { formatDateTime } from './format';
import { LoadFailed } from './load-failed';
import { LoadingPlaceholder } from './loading-placeholder';
import styles from './session-list.module.css';
import { showToast } from './toast-store';

const DEVICE_NAMES: Record<string, string> = { mobile: 'phone', tablet: 'tablet', desktop: 'computer' };
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Chrome on Windows", or what is known of it. */
export function sessionName({ browser, os }: Pick<ActiveSession, 'browser' | 'os'>): string {
  if (browser === 'Unknown' && os === 'Unknown') return 'Unknown browser';
  if (os === 'Unknown') return browser;
  return `${browser === 'Unknown' ? 'A browser' : browser} on ${os}`;
}

/** "A phone in France", "A computer · country unknown", "In France". */
function whereFrom(session: ActiveSession): string {
  const device = DEVICE_NAMES[session.device];
  const country = session.country ? regionNames.of(session.country) : undefined;
  if (!device) return country ? `In ${country}` : 'Country unknown';
  return country ? `A ${device} in ${country}` : `A ${device} · country unknown`;
}

export interface SessionListProps {
  sessions: ActiveSession[];
  /** The session being ended, or 'others' while all the others are. */
  ending: string | null;
  onEnd(session: ActiveSession): void;
  onEndOthers(): void;
}

export function SessionList({ sessions, ending, onEnd, onEndOthers }: SessionListProps) {
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <>
      <ul className={styles.rows} aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <li key={session.id}>
            <div className={styles.text}>
              <span className={styles.title}>
                {sessionName(session)}
                {session.isCurrent && <Badge tone="success">This device</Badge>}
              </span>
              <span className={styles.detail}>
                {whereFrom(session)} · last seen {formatDateTime(session.lastSeenAt)} · signed in{' '}
                {formatDateTime(session.startedAt)}
              </span>
            </div>
            {!session.isCurrent && (
              <Button
                variant="danger"
                isBusy={ending === session.id}
                busyLabel="Ending…"
                aria-label={`End session: ${sessionName(session)}, last seen ${formatDateTime(session.lastSeenAt)}`}
                onClick={() => onEnd(session)}
              >
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <div className={styles.actions}>
          <Button variant="secondary" isBusy={ending === 'others'} busyLabel="Ending…" onClick={onEndOthers}>
            End all other sessions
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * What a session list screen needs (src/sync/use-session-list.ts keeps it; ui reads no data layer, so the
 * shape is stated here and checked where a screen passes it in).
 */
export interface SessionListControls {
  state: { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sessions: ActiveSession[] };
  ending: string | null;
  retry(): void;
  end(id: string): Promise<boolean>;
  endOthers(): Promise<boolean>;
}

export const LOAD_SESSIONS_FAILED = 'Failed to load your sessions';
export const END_SESSION_FAILED = 'Failed to end the session. Please try again.';

/** The list with its loading and failed states, and a toast for each ending. */
export function SessionListView({ controls }: { controls: SessionListControls }) {
  const { state } = controls;
  if (state.status === 'loading') return <LoadingPlaceholder label="Loading your sessions…" />;
  if (state.status === 'failed')
    return <LoadFailed message={LOAD_SESSIONS_FAILED} onRetry={controls.retry} />;

  async function end(session: ActiveSession) {
    const ended = await controls.end(session.id);
    if (ended) showToast('success', `Signed out ${sessionName(session)}.`);
    else showToast('error', END_SESSION_FAILED);
  }

  async function endOthers() {
    const ended = await controls.endOthers();
    if (ended) showToast('success', 'Signed out everywhere else.');
    else showToast('error', END_SESSION_FAILED);
  }

  return (
    <SessionList sessions={state.sessions} ending={controls.ending} onEnd={end} onEndOthers={endOthers} />
  );
}
