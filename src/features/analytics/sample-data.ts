// Made-up figures for the sample dashboard (/analytics): the same day always shows the same numbers,
// so the page reads like a real dashboard and does not jump on every visit.

/** A small seeded generator (mulberry32): no dependency, the same sequence for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function dayKey(date: string): number {
  return Number(date.replaceAll('-', ''));
}

/** The `days` calendar days ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

export interface SampleDay {
  date: string;
  views: number;
  saves: number;
}

/** Views on a weekday run higher than at the weekend, as they do for business cards. */
export function sampleDay(date: string): SampleDay {
  const random = seededRandom(dayKey(date));
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const isWeekend = weekday === 0 || weekday === 6;
  const views = Math.round((isWeekend ? 4 : 12) + random() * 10);
  return { date, views, saves: Math.round(views * (0.2 + random() * 0.2)) };
}

export const SAMPLE_SOURCES = [
  { id: 'nfc', label: 'NFC tap', share: 0.52 },
  { id: 'qr', label: 'QR code', share: 0.27 },
  { id: 'link', label: 'Shared link', share: 0.15 },
  { id: 'other', label: 'Other', share: 0.06 },
] as const;

export const SAMPLE_COUNTRIES = [
  { country: 'United States', share: 0.31 },
  { country: 'United Kingdom', share: 0.17 },
  { country: 'Germany', share: 0.13 },
  { country: 'France', share: 0.11 },
  { country: 'Canada', share: 0.09 },
  { country: 'Netherlands', share: 0.07 },
  { country: 'Japan', share: 0.06 },
  { country: 'Australia', share: 0.06 },
] as const;

/** `total` split by shares, rounded. */
export function splitByShare<T extends { share: number }>(items: readonly T[], total: number) {
  return items.map((item) => ({ ...item, value: Math.round(total * item.share) }));
}
