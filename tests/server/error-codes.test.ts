// Every error answer carries a code from the contract's closed set; clients decide on it, never on text.
import { expect, it } from 'vitest';
import { ErrorResponseSchema } from '../../contract/errors';
import {
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  STRONG_PASSWORD,
  uniqueEmail,
} from './helpers';

describeOnEachDatabase('error codes', (t) => {
  const errorOf = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    ...ErrorResponseSchema.parse(response.json()),
  });

  it('tells a missing token from a bad one', async () => {
    const missing = await t().app.inject({ method: 'GET', url: '/api/user/account' });
    expect(errorOf(missing)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const bad = await t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer('a.b.c') });
    expect(errorOf(bad)).toMatchObject({
      status: 401,
      code: 'TOKEN_INVALID',
      error: 'Invalid or expired token',
    });
  });

  it('answers a request that breaks the contract with VALIDATION_FAILED and the list of problems', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope' },
    });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      error: 'Validation failed',
      errors: expect.arrayContaining(['password is required']),
    });
  });

  it('refuses a body that is not JSON with UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(errorOf(response)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('names the sign-in refusals: wrong password, unverified e-mail', async () => {
    const member = await createMember(t());
    const wrong = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'Wrong-Passw0rd' },
    });
    expect(errorOf(wrong)).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });

    const email = uniqueEmail('unverified');
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Grace', email, password: STRONG_PASSWORD, dateOfBirth: '1990-05-17' },
    });
    const unverified = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(errorOf(unverified)).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      error: 'Please verify your email before logging in',
    });
  });

  it('names why a contact save is refused: own card, already saved, unclaimed card', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const save = (token: string, nfcUID: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(token),
        payload: { nfcUID },
      });

    expect(errorOf(await save(owner.accessToken, owner.nfcUID))).toMatchObject({
      status: 400,
      code: 'OWN_CARD',
    });
    expect((await save(visitor.accessToken, owner.nfcUID)).statusCode).toBe(201);
    expect(errorOf(await save(visitor.accessToken, owner.nfcUID))).toMatchObject({
      status: 400,
      code: 'CONTACT_EXISTS',
      error: 'Contact already exists',
    });

    const unclaimed = await issueCard(t());
    const lookup = await t().app.inject({ method: 'GET', url: `/api/nfc/${unclaimed}` });
    expect(errorOf(lookup)).toMatchObject({ status: 404, code: 'CARD_UNCLAIMED' });
    expect(errorOf(await save(visitor.accessToken, unclaimed))).toMatchObject({
      status: 404,
      code: 'CARD_UNCLAIMED',
    });
    expect(errorOf(await save(visitor.accessToken, `${'0'.repeat(40)}-1`))).toMatchObject({
      status: 404,
      code: 'CARD_NOT_FOUND',
    });
  });

  it('answers an id that is not a contact with CONTACT_NOT_FOUND', async () => {
    const member = await createMember(t());
    const response = await t().app.inject({
      method: 'DELETE',
      url: '/api/contact/not-a-uuid',
      headers: bearer(member.accessToken),
    });
    expect(errorOf(response)).toMatchObject({
      status: 404,
      code: 'CONTACT_NOT_FOUND',
      error: 'Contact not found',
    });
  });
});
