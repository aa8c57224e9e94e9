// Client paths are filled from the contract's declarations, never written by hand.
import { describe, expect, it } from 'vitest';
import { ResetPasswordEndpoint } from '../../contract/auth';
import {
  CreateContactEndpoint,
  ListContactsEndpoint,
  ToggleContactFlagEndpoint,
} from '../../contract/contacts';
import { fillPath, successStatus } from '../../contract/endpoint';
import { ContactExportEndpoints } from '../../contract/user';
import { endpointUrl } from '../../src/api/transport';

describe('fillPath', () => {
  it('puts each parameter into its segment', () => {
    expect(fillPath(ToggleContactFlagEndpoint.path, { id: 'c-1' })).toBe('/api/contact/c-1/toggle-flag');
    expect(fillPath('/api/:area/items/:id', { area: 'a', id: '7' })).toBe('/api/a/items/7');
  });

  it('encodes a value so it stays one path segment', () => {
    expect(fillPath(ResetPasswordEndpoint.path, { token: 'a/b?c#d e' })).toBe(
      '/api/auth/reset-password/a%2Fb%3Fc%23d%20e',
    );
    expect(fillPath('/api/contact/:id', { id: '../user/account' })).toBe('/api/contact/..%2Fuser%2Faccount');
  });

  it('refuses to send a call with a parameter missing', () => {
    // A caller outside TypeScript's reach (a cast, parsed data) must not reach /api/contact/undefined.
    const params = JSON.parse('{}') as { id: string };
    expect(() => fillPath('/api/contact/:id', params)).toThrow('Missing path parameter "id"');
  });

  it('leaves a path without parameters as it is', () => {
    expect(endpointUrl(ContactExportEndpoints.csv)).toBe('/api/user/export/contacts.csv');
  });
});

describe('successStatus', () => {
  it('is the lowest 2xx an endpoint declares, a 304 aside', () => {
    expect(successStatus(ListContactsEndpoint)).toBe(200);
    expect(successStatus(CreateContactEndpoint)).toBe(201);
  });
});
