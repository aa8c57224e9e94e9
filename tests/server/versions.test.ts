// Conditional writes of a member's resources (contract/versions.ts): reads answer an ETag, a write with a
// stale If-Match is refused with 412 and the current value, and nothing changes.
import { expect, it } from 'vitest';
import { ErrorResponseSchema } from '../../contract/errors';
import { bearer, createMember, describeOnEachDatabase, json, type TestContext } from './helpers';

type Json = Record<string, unknown>;

const RESOURCES = [
  {
    name: 'insight preferences',
    url: '/api/user/insight-preferences',
    first: { industries: ['Finance'] },
    second: { industries: ['Technology'] },
    read: (body: Json) => (body.preferences as Json).industries,
  },
  {
    name: 'notification settings',
    url: '/api/user/notification-settings',
    first: { emailOptOut: true },
    second: { emailOptOut: false },
    read: (body: Json) => body.emailOptOut,
  },
  {
    name: 'business card',
    url: '/api/user/updateBusinessCard',
    readUrl: '/api/user/account',
    first: { name: 'Ada', email: 'ada@example.com' },
    second: { name: 'Grace', email: 'grace@example.com' },
    read: (body: Json) => (body.businessCard as Json | null)?.name,
  },
] as const;

describeOnEachDatabase('versions of editable resources', (t: () => TestContext) => {
  for (const resource of RESOURCES) {
    const readUrl = 'readUrl' in resource ? resource.readUrl : resource.url;
    it(`${resource.name}: a write based on the current ETag is taken, a stale one gets 412`, async () => {
      const member = await createMember(t());
      const get = () => t().app.inject({ method: 'GET', url: readUrl, headers: bearer(member.accessToken) });
      const post = (payload: Json, ifMatch?: string) =>
        t().app.inject({
          method: 'POST',
          url: resource.url,
          headers: { ...bearer(member.accessToken), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
          payload,
        });
      const before = (await get()).headers.etag as string;
      expect(before).toMatch(/^W\/"v1-/);
      const taken = await post(resource.first, before);
      expect(taken.statusCode).toBe(200);
      const after = (await get()).headers.etag;
      expect(taken.headers.etag).toBe(after);
      expect(after).not.toBe(before);

      const stale = await post(resource.second, before);
      expect(stale.statusCode).toBe(412);
      const body = ErrorResponseSchema.parse(json(stale));
      expect(body.code).toBe('VERSION_CONFLICT');
      expect(resource.read(body.current as Json)).toEqual(resource.read(json(taken)));
      expect(resource.read(json(await get()))).toEqual(resource.read(json(taken)));
      // Without If-Match a write is unconditional, as before versions existed.
      expect((await post(resource.second)).statusCode).toBe(200);
    });
  }
});
