// The pure parts of the auth screens: error wording (spec §8) and the code boxes (spec §5).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { spreadDigits } from '../../src/features/auth/code-input';
import { describeLoginError, describeRegistrationError } from '../../src/features/auth/messages';

describe('login error messages', () => {
  it('maps each server answer to the wording of spec §8', () => {
    expect(
      describeLoginError(
        new ApiError('Please verify your email before logging in', 403, [], 'EMAIL_NOT_VERIFIED'),
      ),
    ).toBe('Please verify your email address before logging in. Check your inbox for a verification code.');
    expect(
      describeLoginError(new ApiError('Invalid email or password', 401, [], 'INVALID_CREDENTIALS')),
    ).toBe("Invalid email or password. If you haven't registered yet, please register first.");
    expect(
      describeLoginError(
        new ApiError('Account is locked. Try again in 15 minutes.', 423, [], 'ACCOUNT_LOCKED'),
      ),
    ).toBe('Account is locked. Try again in 15 minutes.');
    expect(describeLoginError(new ApiError('Failed to fetch', undefined))).toBe(
      'Login failed: Failed to fetch',
    );
  });

  it('joins validation errors of a registration with commas', () => {
    const error = new ApiError('Validation failed', 400, ['Name is required', 'Email is invalid']);
    expect(describeRegistrationError(error)).toBe('Registration failed: Name is required, Email is invalid');
  });
});

describe('spreadDigits', () => {
  const empty = ['', '', '', '', '', ''];

  it('strips non-digits from a paste and keeps at most six', () => {
    expect(spreadDigits(empty, 0, 'Code: 12-34 56 78')).toEqual({
      digits: ['1', '2', '3', '4', '5', '6'],
      focus: 5,
    });
  });

  it('fills from the given box and focuses the next empty one', () => {
    expect(spreadDigits(empty, 2, '9')).toEqual({ digits: ['', '', '9', '', '', ''], focus: 3 });
  });

  it('never writes past the last box', () => {
    expect(spreadDigits(empty, 4, '1234')).toEqual({ digits: ['', '', '', '', '1', '2'], focus: 5 });
  });
});
