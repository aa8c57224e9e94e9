// The dirty state of an edit form: what differs from the values it loaded.

export function changedKeys<T extends Record<string, string>>(current: T, loaded: T): (keyof T)[] {
  return (Object.keys(loaded) as (keyof T)[]).filter((key) => current[key] !== loaded[key]);
}

/** Save and Cancel show only when this is true (spec §2 /my-card, §4 Account page). */
export function hasChanges<T extends Record<string, string>>(current: T, loaded: T): boolean {
  return changedKeys(current, loaded).length > 0;
}
