import { describe, expect, it } from 'vitest';
import { shouldShowWelcomeSplash, WELCOME_SPLASH_GAP_MS } from '../../src/app/welcome-splash';

const now = 1_700_000_000_000;
const longAgo = String(now - WELCOME_SPLASH_GAP_MS - 1);

describe('shouldShowWelcomeSplash', () => {
  it('welcomes back a user whose last visit was over an hour ago', () => {
    expect(shouldShowWelcomeSplash('/contacts', longAgo, now)).toBe(true);
    expect(shouldShowWelcomeSplash('/login', longAgo, now)).toBe(true);
  });

  it('stays away within the hour and on a first visit', () => {
    expect(shouldShowWelcomeSplash('/contacts', String(now - WELCOME_SPLASH_GAP_MS), now)).toBe(false);
    expect(shouldShowWelcomeSplash('/contacts', null, now)).toBe(false);
  });

  it.each([
    '/register',
    '/forgot-password',
    '/reset-password/abc',
    '/my-display-card/x',
    '/display-card/x',
    '/nfc/x',
  ])('is never shown on %s', (path) => {
    expect(shouldShowWelcomeSplash(path, longAgo, now)).toBe(false);
  });
});
