// How long a block lasts: 1 h for a first offence, ×4 for each block of the address in the last 30 days,
// capped at 7 days, with ±10 % jitter so a botnet cannot time its return (fail2ban's bantime.rndtime).
import { HOUR_MS } from '../time';
export const FIRST_BLOCK_MS = HOUR_MS;
export const MAX_BLOCK_MS = 7 * 24 * HOUR_MS;
const GROWTH = 4;
const JITTER = 0.1;

/** `offence`: 1 for the address's first block within 30 days, 2 for the second … */
export function blockLengthMs(offence: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_BLOCK_MS * GROWTH ** Math.max(0, offence - 1), MAX_BLOCK_MS);
  const jittered = base * (1 + (random() * 2 - 1) * JITTER);
  return Math.round(Math.min(jittered, MAX_BLOCK_MS));
}
