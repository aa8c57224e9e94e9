// Where keyboard and screen-reader focus goes when the control that had it disappears or the operator is
// sent to another part of a long page: the heading that names the region, read out as the landing place.

/** Focuses (and scrolls to) the heading naming the region `element` is in, or is; false when there is none. */
export function focusRegionHeading(element: Element | null): boolean {
  const region = element?.closest('section[aria-labelledby]');
  const headingId = region?.getAttribute('aria-labelledby');
  const heading = headingId ? document.getElementById(headingId) : null;
  if (!heading) return false;
  // A heading is no stop in the Tab order; -1 lets a script put focus on it.
  heading.tabIndex = -1;
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
  return true;
}

/** The same, for the region whose element has this id. */
export function focusRegionHeadingById(id: string): boolean {
  return focusRegionHeading(document.getElementById(id));
}
