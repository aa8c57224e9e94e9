// Spec §4 Preferences: each change is saved at once and in order, so the last change wins; 'Saved' shows
// for 1.5 s after a save; a save refused puts the last saved set back, and the spec's message is kept for
// the app to announce.
// The server is a fetch the test answers, one save at a time.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsightPreferences } from '../../contract/insights';
import { db } from '../../src/db/tapnet-db';
import {
  type PreferencesAutosave,
  SAVED_INDICATOR_MS,
  usePreferencesAutosave,
} from '../../src/features/insights/use-preferences-autosave';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { useToastStore } from '../../src/ui/toast-store';
import { jsonResponse, tokenExpiringIn } from './helpers';
import { noPreferences } from './insights-fixtures';

let autosave: PreferencesAutosave | undefined;

function current(): PreferencesAutosave {
  if (!autosave) throw new Error('not rendered');
  return autosave;
}
let root: Root | undefined;
/** The bodies the server was sent, and the answers it will give, in order. */
let sent: InsightPreferences[];
let answers: ((body: InsightPreferences) => Response | Promise<Response>)[];
let releaseFirst: () => void;

function Probe() {
  autosave = usePreferencesAutosave(noPreferences);
  return null;
}

const withIndustry = (industry: 'Finance' | 'Retail'): InsightPreferences => ({
  ...noPreferences,
  industries: [industry],
});

beforeEach(async () => {
  sent = [];
  answers = [];
  autosave = undefined;
  await Promise.all([db.cachedResources.clear(), db.pendingWrites.clear(), db.writeNotices.clear()]);
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  useSessionStore.getState().signIn();
  useToastStore.setState({ toasts: [] });
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
    const body = (await request.json()) as InsightPreferences;
    sent.push(body);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer queued');
    return answer(body);
  });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<Probe />);
  await vi.waitFor(() => expect(autosave).toBeDefined());
});

afterEach(() => {
  root?.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const echo = (body: InsightPreferences) =>
  jsonResponse(200, { preferences: body, updatedAt: new Date().toISOString() });

describe('preferences auto-save', () => {
  it('saves changes one after another, so the last change is what the server keeps', async () => {
    let release: (response: Response) => void = () => {};
    answers.push((body) => {
      const slow = new Promise<Response>((resolve) => {
        release = resolve;
      });
      releaseFirst = () => release(echo(body));
      return slow;
    }, echo);

    current().change(withIndustry('Finance'), 'failed');
    current().change(withIndustry('Retail'), 'failed');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    releaseFirst();

    await vi.waitFor(() => expect(sent.map((body) => body.industries)).toEqual([['Finance'], ['Retail']]));
    await vi.waitFor(() => expect(current().saved.industries).toEqual(['Retail']));
    expect(current().preferences.industries).toEqual(['Retail']);
  });

  it('shows Saved for 1.5 s after a save', async () => {
    answers.push(echo);
    current().change(withIndustry('Finance'), 'failed');
    await vi.waitFor(() => expect(current().isSavedShown).toBe(true));
    const shownAt = Date.now();

    await vi.waitFor(() => expect(current().isSavedShown).toBe(false), { timeout: 3_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SAVED_INDICATOR_MS - 50);
  });

  it('keeps a change the server could not take now: it waits on this device and stays shown', async () => {
    answers.push(() => jsonResponse(503, { error: 'Unavailable', code: 'DATABASE_UNAVAILABLE' }));
    current().change(withIndustry('Finance'), 'failed');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.waitFor(() => expect(db.pendingWrites.count()).resolves.toBe(1));
    expect(current().preferences.industries).toEqual(['Finance']);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('puts the last saved set back when a save is refused, kept for the app to announce in the spec’s words', async () => {
    answers.push(echo, () => jsonResponse(400, { error: 'Validation failed', code: 'VALIDATION_FAILED' }));
    current().change(withIndustry('Finance'), 'first failed');
    await vi.waitFor(() => expect(current().saved.industries).toEqual(['Finance']), { timeout: 5_000 });

    current().change(withIndustry('Retail'), 'Failed to save preference. Please try again.');

    await vi.waitFor(() => expect(sent[1]?.industries).toEqual(['Retail']), { timeout: 5_000 });
    await vi.waitFor(() => expect(current().preferences.industries).toEqual(['Finance']), { timeout: 5_000 });
    // The app's header announces it once (src/app/sync-status.tsx); the hook itself shows no second toast.
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(await db.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        type: 'refused',
        announcement: 'Failed to save preference. Please try again.',
        message: 'Your insight preferences could not be saved: Validation failed',
      }),
    ]);
  });
});
