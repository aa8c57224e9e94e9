// The returnUrl after signing in: same-origin paths only, read as the browser's URL parser reads them.
import { describe, expect, it } from 'vitest';
import { buildLoginPath, readReturnUrl } from '../../src/session/return-url';

const returnUrlOf = (value: string) => readReturnUrl(`?returnUrl=${encodeURIComponent(value)}`);

describe('readReturnUrl', () => {
  it('keeps a path of ours, with its query and fragment', () => {
    expect(returnUrlOf('/contacts/42?tab=notes#top')).toBe('/contacts/42?tab=notes#top');
    expect(readReturnUrl(buildLoginPath('/insights/news').replace('/login', ''))).toBe('/insights/news');
  });

  it.each([
    '//evil.test',
    '/\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r/evil.test',
    '/\\\t\\evil.test',
    'https://evil.test/',
    'evil.test',
    'javascript:alert(1)',
    '/login',
    '/register?returnUrl=/contacts',
  ])('refuses %j', (value) => {
    expect(returnUrlOf(value)).toBeNull();
  });

  it('refuses a missing returnUrl', () => {
    expect(readReturnUrl('')).toBeNull();
  });
});
