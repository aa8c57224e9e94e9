// Which values an axis labels: a label needs about 64 pixels, so a month of days shows every few.

const TICK_SPACING_PX = 64;

/** Every n-th value so that the labels never overlap, always with the first. */
export function spacedTicks<T>(values: readonly T[], width: number): T[] {
  const room = Math.max(1, Math.floor(width / TICK_SPACING_PX));
  const step = Math.ceil(values.length / room);
  return values.filter((_, index) => index % step === 0);
}

/** Counts have no halves: a tick between two whole numbers stays unlabelled. */
export function wholeNumbers(value: number | string): string {
  return typeof value === 'number' && !Number.isInteger(value) ? '' : String(value);
}

/**
 * The ticks and grid lines of a count axis up to `max`: every whole number while there are few (left to
 * itself the scale would draw quarter and half steps that no count can take), else about five.
 */
export function countTicks(max: number): number[] | number {
  if (max > 5) return 5;
  return Array.from({ length: Math.max(1, Math.ceil(max)) + 1 }, (_, index) => index);
}
