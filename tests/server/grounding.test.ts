// What a model's text may say beyond its cited items: nothing that sends the reader anywhere or speaks of
// their account. Pure checks, no server.
import { describe, expect, it } from 'vitest';
import { ungroundedReason } from '../../server/modules/insights/summaries/grounding';

const SOURCES = [
  {
    title: 'Acme opens a Berlin office',
    text: 'Acme, at acme.example, opens an office. Press: press@acme.example or +49 30 1234567. Visit the launch.',
  },
];

describe('grounding of a model’s text in its items', () => {
  it('passes a summary that restates the items, their own domain, address, number and call included', () => {
    expect(
      ungroundedReason(
        'Acme (acme.example) opens a Berlin office; press@acme.example, +49 30 1234567. Visit the launch.',
        SOURCES,
      ),
    ).toBeUndefined();
    expect(
      ungroundedReason('Acme opens an office in Berlin, version 2.5 of its plan.', SOURCES),
    ).toBeUndefined();
  });

  it.each([
    ['Your Tapnet account is suspended.', 'it mentions the member’s account'],
    ['Reset your password today.', 'it mentions the member’s account'],
    [
      'Read more at tapnet-verify[.]test today.',
      'it names a link or domain no cited item has (tapnet-verify.test)',
    ],
    ['See https://evil.example/login now.', 'it names a link or domain no cited item has (evil.example)'],
    ['Write to help@evil.example.', 'it gives an e-mail address no cited item has (help@evil.example)'],
    ['Call +1 (555) 010-9999.', 'it gives a phone number no cited item has (+1 (555) 010-9999)'],
    [
      'Acme opens an office. Log in to keep reading.',
      'it asks the reader to act ("log in") where no cited item does',
    ],
  ])('fails %j', (text, reason) => {
    expect(ungroundedReason(text, SOURCES)).toBe(reason);
  });
});
