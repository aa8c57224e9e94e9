// Chart colours from the app's palette: the brand colour for the period shown, a quiet grey for the
// period before it, and eight distinct hues for categories (the spec's top 8 countries or companies).
export const CURRENT_PERIOD_COLOR = '#4338ca';
export const PREVIOUS_PERIOD_COLOR = '#9ca3af';

// Neighbours differ in hue as well as shade: the first four (the engagement lines, the view sources)
// must never be mistaken for one another, so the violet that sat beside the brand indigo comes later.
export const CATEGORY_COLORS = [
  '#4338ca',
  '#0f766e',
  '#c2410c',
  '#be185d',
  '#0369a1',
  '#b45309',
  '#7c3aed',
  '#4d7c0f',
  '#475569',
  '#a21caf',
] as const;

export function categoryColor(index: number): string {
  return CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? CURRENT_PERIOD_COLOR;
}

/** A series or key that shows the period before the one chosen. */
export interface PeriodTone {
  isPrevious?: boolean;
}

export function periodColor({ isPrevious }: PeriodTone): string {
  return isPrevious ? PREVIOUS_PERIOD_COLOR : CURRENT_PERIOD_COLOR;
}

/** Axis and label text in the app's fonts and muted ink. */
export const CHART_THEME = {
  text: { fontFamily: 'inherit', fontSize: 12, fill: '#4b5563' },
  axis: { ticks: { text: { fill: '#4b5563' } }, legend: { text: { fill: '#111827', fontSize: 12 } } },
  grid: { line: { stroke: '#e5e7eb' } },
} as const;
