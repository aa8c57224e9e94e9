// The heartbeat a visible app sends so a reading member counts as online (admin dashboard, Online Now).
// fetch is stubbed (the boundary to the server) and time is vitest's fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS } from '../../contract/sessions';
import { StorageKeys } from '../../src/session/storage-keys';
import { startHeartbeat } from '../../src/sync/heartbeat';
import { tokenExpiringIn } from './helpers';

let beats: string[] = [];
let visibility: DocumentVisibilityState = 'visible';
let online = true;
let stop: (() => void) | undefined;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the stubbed fetch calls that a tick started finish. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  beats = [];
  visibility = 'visible';
  online = true;
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(3600));
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      beats.push(
        `${input.method} ${new URL(input.url).pathname} ${input.headers.get('Authorization') ? 'with token' : 'no token'}`,
      );
      return new Response(null, { status: 204 });
    }),
  );
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('heartbeat', () => {
  it('beats about once a minute with the member token while the app is visible and online', async () => {
    stop = startHeartbeat();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3);
    expect(beats).toEqual(Array(3).fill('POST /api/sessions/heartbeat with token'));
  });

  it('stays silent while hidden or offline, and beats at once when the app is seen again', async () => {
    stop = startHeartbeat();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(beats).toHaveLength(0);
    setVisibility('visible');
    await settle();
    expect(beats).toHaveLength(1);
    online = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(beats).toHaveLength(1);
  });

  it('stops when the member signs out', async () => {
    stop = startHeartbeat();
    stop();
    stop = undefined;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    setVisibility('visible');
    await settle();
    expect(beats).toHaveLength(0);
  });
});
