import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { ContactMessages, sendCardFailureMessage } from '../../src/features/contacts/messages';

describe('send-card failure messages', () => {
  it('shows the server’s words when a daily limit refused the send, so the member knows when to retry', () => {
    const repeat =
      'You already sent your card to this contact today. You can send it to them again tomorrow.';
    expect(sendCardFailureMessage(new ApiError(repeat, 429, [], 'CARD_SENT_TODAY'))).toBe(repeat);
    const cap = 'You have sent your card 20 times today, the most a day allows. You can send more tomorrow.';
    expect(sendCardFailureMessage(new ApiError(cap, 429, [], 'CARD_DAILY_LIMIT'))).toBe(cap);
  });

  it('keeps the spec’s message for other failures', () => {
    expect(sendCardFailureMessage(new ApiError('Internal server error', 500, [], 'INTERNAL_ERROR'))).toBe(
      ContactMessages.sendCardFailed,
    );
  });
});
