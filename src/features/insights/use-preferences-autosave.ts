// Spec §4 Preferences: every change is saved at once, a 'Saved' indicator shows for 1.5 seconds, and a
// save that fails puts the last saved set back. Saves go one after another, so the last change wins.
// Offline a change waits in the pending-writes queue and stays on screen (issue 24).
import { useEffect, useRef, useState } from 'react';
import type { InsightPreferences } from '../../../contract/insights';
import { savePreferences } from '../../sync/insights-digests';
import { showToast } from '../../ui/toast-store';

/** Spec §4, §9: the Saved indicator shows for 1.5 seconds. */
export const SAVED_INDICATOR_MS = 1_500;

export interface PreferencesAutosave {
  /** What the screen shows: the member's latest change, saved or on its way. */
  preferences: InsightPreferences;
  /** The set the server last confirmed (the custom interests button compares with it). */
  saved: InsightPreferences;
  isSavedShown: boolean;
  change(next: InsightPreferences, failureMessage: string): void;
}

export function usePreferencesAutosave(loaded: InsightPreferences): PreferencesAutosave {
  const [preferences, setPreferences] = useState(loaded);
  const [saved, setSaved] = useState(loaded);
  const [isSavedShown, setIsSavedShown] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latestChange = useRef(0);
  const inFlight = useRef(0);
  const lastSaved = useRef(loaded);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // A newer copy arrived (merged with another device's choices, or revalidated): shown unless the member
  // has a change of their own on its way, whose answer brings the merged set anyway.
  useEffect(() => {
    if (inFlight.current > 0) return;
    lastSaved.current = loaded;
    setSaved(loaded);
    setPreferences(loaded);
  }, [loaded]);

  function showSaved() {
    clearTimeout(hideTimer.current);
    setIsSavedShown(true);
    hideTimer.current = setTimeout(() => setIsSavedShown(false), SAVED_INDICATOR_MS);
  }

  function change(next: InsightPreferences, failureMessage: string) {
    const changeNumber = ++latestChange.current;
    setPreferences(next);
    inFlight.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        const { outcome, preferences: kept } = await savePreferences(next);
        // Waiting on this device: shown as chosen, and the header counts it until it is sent.
        if (outcome === 'waiting') return;
        // Sent, or refused for good (the app announces it with the spec's message): the server's set.
        lastSaved.current = kept;
        setSaved(kept);
        // A later change is already on screen; the server's copy of this one must not replace it.
        if (changeNumber === latestChange.current) setPreferences(kept);
        if (outcome === 'sent') showSaved();
      } catch {
        // It could not even be kept on this device.
        showToast('error', failureMessage);
        if (changeNumber === latestChange.current) setPreferences(lastSaved.current);
      } finally {
        inFlight.current -= 1;
      }
    });
  }

  return { preferences, saved, isSavedShown, change };
}
