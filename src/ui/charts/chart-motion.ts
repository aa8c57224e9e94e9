// How charts move: the spec's 800 ms, none for a member who asked for less motion, none while printing.
import { useSyncExternalStore } from 'react';
import { usePrinting } from './printing';

/** Spec §9: chart animation 800 ms. */
export const CHART_ANIMATION_MS = 800;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotionPreference(listener: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}

export interface ChartMotion {
  animate: boolean;
  motionConfig: { duration: number };
}

export function useChartMotion(): ChartMotion {
  const isReduced = useSyncExternalStore(subscribeToMotionPreference, prefersReducedMotion, () => true);
  const isPrinting = usePrinting();
  return { animate: !isReduced && !isPrinting, motionConfig: { duration: CHART_ANIMATION_MS } };
}
