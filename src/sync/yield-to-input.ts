// Long work on the main thread, cut into steps: between two steps the browser handles input and paints.

/** Lets the browser handle input: `scheduler.yield()` where there is one, else a task of its own. */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
