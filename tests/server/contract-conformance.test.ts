// The API description (/api/openapi.json) against the server's real answers, on each database: every
// endpoint's success, the platform's answers on every endpoint they are declared for, the endpoints'
// own error codes, and a property-based run of generated requests that fails on any 5xx or any answer
// the document does not list (security review 2, §3.1: the fuzzer's 200 disagreements).

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { apiAreas } from '../../contract/api';
import { type Endpoint, errorCodesOf } from '../../contract/endpoint';
import type { ErrorCode } from '../../contract/errors';
import { linkIn } from '../support/mail-content';
import { hexKeys, randomKeys, randomUid } from '../support/tag-simulator';
import { around, type JsonSchema, textAround } from './conformance/arbitraries';
import { DocumentJudge, type OpenApiDocument } from './conformance/document';
import {
  ADMIN,
  adminToken,
  bearer,
  businessCard,
  codeFrom,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
  SECURITY,
  STRONG_PASSWORD,
  type TestContext,
  uniqueEmail,
} from './helpers';

const endpoints = apiAreas.flatMap(({ endpoints }) => [...endpoints]);
const keyOf = ({ method, path }: Pick<Endpoint, 'method' | 'path'>) => `${method} ${path}`;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE'] as const;
const BLOCKED_ADDRESS = '203.0.113.7';
/** The address on Grace's card: not a member's, so the card Ada sends there carries an unsubscribe link. */
const GRACE_CARD_EMAIL = 'grace@example.com';
/** Generated requests per database, and the time they may take (the suite's budget: about a minute in all). */
const GENERATED_REQUESTS = 1_000;
const GENERATION_TIME_LIMIT_MS = 10_000;
/** What a visitor of Grace's card shares with her. */
const SHARED_DETAILS = { name: 'Lin Visitor', email: 'lin.visitor@example.com', consent: true };

interface Call {
  params?: Record<string, string>;
  /** Raw text after the path (`?x=%00`, or `%zz` to spoil its encoding). */
  suffix?: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
  token?: string;
  method?: string;
  remoteAddress?: string;
}

type Member = Awaited<ReturnType<typeof createMemberWithCard>>;

interface Fixtures {
  ada: Member;
  grace: Member;
  admin: string;
  security: string;
  /** The contact Ada saved from Grace's card. */
  contactId: string;
}

describeOnEachDatabase(
  'the API description against the server',
  (t) => {
    let judge: DocumentJudge;
    /** `METHOD path code` (or `METHOD path status` for a success) of every answer checked by `call`. */
    const provoked = new Set<string>();
    let fixtures: Fixtures;

    function urlOf(endpoint: Endpoint, call: Call): string {
      const params = call.params ?? {};
      const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? 'x');
      const query = Object.entries(call.query ?? {}).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value]],
      );
      const search = query.length > 0 ? `?${new URLSearchParams(query)}` : '';
      return `${path}${call.suffix ?? ''}${search}`;
    }

    /** Calls `endpoint` and checks the answer against the document; the answer, for more checks. */
    async function call(endpoint: Endpoint, request: Call = {}): Promise<LightMyRequestResponse> {
      const url = urlOf(endpoint, request);
      const response = await t().app.inject({
        method: (request.method ?? endpoint.method) as InjectOptions['method'],
        url,
        headers: { ...(request.token ? bearer(request.token) : {}), ...request.headers },
        payload: request.payload,
        ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
      });
      provoked.add(`${keyOf(endpoint)} ${answerOf(response)}`);
      expect(
        judge.problemsWith(endpoint.method, endpoint.path, response),
        `${keyOf(endpoint)}: ${url}`,
      ).toEqual([]);
      return response;
    }

    const tokenFor = (endpoint: Endpoint): string | undefined =>
      ({ member: fixtures.ada.accessToken, admin: fixtures.admin, security: fixtures.security })[
        endpoint.auth as 'member'
      ];

    async function expectCode(endpoint: Endpoint, request: Call, code: ErrorCode) {
      const response = await call(endpoint, request);
      expect(json(response).code, `${keyOf(endpoint)}: ${response.body.slice(0, 200)}`).toBe(code);
      return response;
    }

    beforeAll(async () => {
      const document = json<OpenApiDocument>(
        await t().app.inject({ method: 'GET', url: '/api/openapi.json' }),
      );
      judge = new DocumentJudge(document);
      const ada = await createMemberWithCard(t());
      const grace = await createMemberWithCard(t(), { name: 'Grace Hopper', email: GRACE_CARD_EMAIL });
      const security = json<{ token: string }>(
        await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY }),
      ).token;
      const saved = await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(ada.accessToken),
        payload: { nfcUID: grace.nfcUID },
      });
      const contactId = json<{ contact: { _id: string } }>(saved).contact._id;
      fixtures = { ada, grace, admin: await adminToken(t()), security, contactId };
    });

    it('documents every error answer with examples that match its schema', () => {
      let examples = 0;
      for (const [path, operations] of Object.entries(judge.document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          for (const [status, answer] of Object.entries(operation.responses)) {
            const media = answer.content?.['application/json'];
            // Error answers share the Error shape; a health check's 503 is its own report.
            if (!media?.schema.allOf) continue;
            expect(Object.keys(media?.examples ?? {}).length, `${method} ${path} ${status}`).toBeGreaterThan(
              0,
            );
            // The allOf is the Error shape and this status's codes: checked as two parts, one compiled schema.
            const codes = (media.schema.allOf as { properties?: { code?: { enum?: string[] } } }[])[1]
              ?.properties?.code?.enum;
            for (const [name, example] of Object.entries(media?.examples ?? {})) {
              const where = `${method} ${path} ${status} ${name}`;
              expect(judge.validate(example.value, 'components', 'schemas', 'Error'), where).toEqual([]);
              expect(codes, where).toContain((example.value as { code: string }).code);
              examples += 1;
            }
          }
        }
      }
      expect(examples).toBeGreaterThan(endpoints.length);
    });

    it('answers a path called with a method it does not take 405, with Allow and the error shape', async () => {
      const byPath = Map.groupBy(endpoints, ({ path }) => path);
      for (const [path, forPath] of byPath) {
        const allowed = forPath.map(({ method }) => method);
        const withHead = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
        const url = path.replace(/:([A-Za-z0-9_]+)/g, 'x');
        const wrong = METHODS.filter(
          (method) =>
            !withHead.includes(method) &&
            !endpoints.some((one) => one.method === method && fits(one.path, url)),
        );
        for (const method of wrong) {
          const response = await t().app.inject({ method: method as 'GET', url });
          expect(response.statusCode, `${method} ${url}`).toBe(405);
          const allow = String(response.headers.allow).split(', ');
          // The path's own methods, and those of a parameter path the URL also fits (PUT /api/contact/create is PUT /api/contact/:id).
          expect(allow).toEqual(expect.arrayContaining(withHead));
          if (method !== 'HEAD') expect(json(response).code).toBe('METHOD_NOT_ALLOWED');
          for (const other of allow) {
            const taken = await t().app.inject({ method: other as 'GET', url });
            expect(taken.statusCode, `${other} ${url}`).not.toBe(405);
          }
        }
      }
      const unknown = await t().app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect([unknown.statusCode, json(unknown).code]).toEqual([404, 'NOT_FOUND']);
    });

    it('declares RATE_LIMITED on exactly the routes that have a limit', () => {
      // The contract describes /api; CardDAV (/carddav) has limits of its own and no contract.
      const limited = t()
        .app.registeredRoutes.filter(({ isRateLimited, url }) => isRateLimited && url.startsWith('/api/'))
        .map(({ method, url }) => `${method} ${url}`)
        .sort();
      const declared = endpoints
        .filter(({ errors }) => errors.includes('RATE_LIMITED'))
        .map(keyOf)
        .sort();
      expect(declared).toEqual(limited);
    });

    it('answers every endpoint its documented success', async () => {
      const done = new Set<string>();
      for (const [key, request] of Object.entries(successCalls())) {
        const endpoint = endpoints.find((one) => keyOf(one) === key);
        if (!endpoint) throw new Error(`no endpoint ${key}`);
        const response = await call(endpoint, await request(fixtures, t()));
        expect(response.statusCode, `${key}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
        done.add(key);
      }
      expect(endpoints.map(keyOf).filter((key) => !done.has(key) && !elsewhere(key, '200'))).toEqual([]);
    });

    it('answers the platform’s codes on every endpoint they are declared for', async () => {
      for (const endpoint of endpoints) {
        const codes = errorCodesOf(endpoint);
        const token = tokenFor(endpoint);
        const paramsSpoiled = endpoint.params ? { params: { [paramNames(endpoint)[0] ?? '']: '%zz' } } : {};
        await expectCode(endpoint, { token, suffix: '?x=%00' }, 'NOT_FOUND');
        await expectCode(
          endpoint,
          { token, ...(endpoint.params ? paramsSpoiled : { suffix: '%zz' }) },
          'BAD_REQUEST',
        );
        if (codes.includes('UNAUTHORIZED')) {
          await expectCode(endpoint, {}, 'UNAUTHORIZED');
          const otherRole = endpoint.auth === 'member' ? fixtures.admin : fixtures.ada.accessToken;
          await expectCode(endpoint, { token: otherRole }, 'TOKEN_INVALID');
        }
        if (codes.includes('UNSUPPORTED_MEDIA_TYPE')) {
          const asJson = { 'content-type': 'application/json' };
          await expectCode(endpoint, { token, headers: asJson, payload: '{"unfinished": ' }, 'BAD_REQUEST');
          await expectCode(
            endpoint,
            { token, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
            'UNSUPPORTED_MEDIA_TYPE',
          );
          await expectCode(
            endpoint,
            { token, headers: asJson, payload: JSON.stringify({ text: 'x'.repeat(120_000) }) },
            'PAYLOAD_TOO_LARGE',
          );
        }
        if (codes.includes('VALIDATION_FAILED')) {
          // A refused id is answered first; the input check is for an id that could exist.
          const params = endpoint.paramsRefusedAs ? { params: { id: randomUUID() } } : {};
          await expectCode(endpoint, { token, ...params, ...refusedInput(endpoint) }, 'VALIDATION_FAILED');
        }
        if (endpoint.paramsRefusedAs)
          await expectCode(endpoint, { token, params: { id: 'not-an-id' } }, endpoint.paramsRefusedAs);
      }
    });

    it('refuses a blocked address on every endpoint but the card’s own with ADDRESS_BLOCKED', async () => {
      const blocked = await t().app.inject({
        method: 'POST',
        url: '/api/security/blocks',
        headers: bearer(fixtures.security),
        payload: { ipAddress: BLOCKED_ADDRESS, durationMinutes: 60, reason: 'conformance test' },
      });
      expect(blocked.statusCode).toBe(201);
      for (const endpoint of endpoints) {
        // Card pages and their events open at a blocked address too (issue 23: a venue's visitors).
        if (endpoint.path.startsWith('/api/nfc/')) {
          const response = await call(endpoint, { remoteAddress: BLOCKED_ADDRESS });
          expect(json(response).code, keyOf(endpoint)).not.toBe('ADDRESS_BLOCKED');
          continue;
        }
        await expectCode(endpoint, { remoteAddress: BLOCKED_ADDRESS }, 'ADDRESS_BLOCKED');
      }
    });

    it('answers the endpoints’ own codes where a request can provoke them', async () => {
      for (const [key, answer, request] of ownCodeCalls()) {
        const endpoint = endpoints.find((one) => keyOf(one) === key);
        if (!endpoint) throw new Error(`no endpoint ${key}`);
        const response = await call(endpoint, await request(fixtures, t()));
        expect(answerOf(response), `${key}: ${response.body.slice(0, 300)}`).toBe(answer);
      }
    });

    it('provokes each answer every endpoint declares, here or in the suite named for it', () => {
      const missing = endpoints.flatMap((endpoint) =>
        [...errorCodesOf(endpoint), ...Object.keys(endpoint.responses)]
          .filter(
            (answer) => !provoked.has(`${keyOf(endpoint)} ${answer}`) && !elsewhere(keyOf(endpoint), answer),
          )
          .map((answer) => `${keyOf(endpoint)} ${answer}`),
      );
      expect(missing).toEqual([]);
    });

    it('answers generated requests only with documented statuses and codes, never a 5xx', async () => {
      const fuzzed = endpoints.filter(({ path }) => !DESTRUCTIVE.has(path));
      let calls = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(generatedRequest(fuzzed), async ({ endpoint, request }) => {
          calls += 1;
          const response = await t().app.inject({
            method: (request.method ?? endpoint.method) as 'GET',
            url: urlOf(endpoint, request),
            headers: { ...(request.token ? bearer(request.token) : {}), ...request.headers },
            payload: request.payload,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          const isOtherMethod = (request.method ?? endpoint.method) !== endpoint.method;
          if (isOtherMethod && response.statusCode === 405) return;
          const documentedAs = isOtherMethod ? otherOperation(endpoint, request.method) : endpoint;
          expect(judge.problemsWith(documentedAs.method, documentedAs.path, response)).toEqual([]);
        }),
        {
          numRuns: GENERATED_REQUESTS,
          seed: 20261127,
          interruptAfterTimeLimit: GENERATION_TIME_LIMIT_MS,
          endOnFailure: true,
        },
      );
      console.info(
        `contract conformance (${t().kind}): ${calls} generated requests, answered ${[...statuses].map(([status, count]) => `${count}×${status}`).join(', ')}`,
      );
      expect(calls).toBeGreaterThan(50);
    });

    /** Anything about any endpoint, with each caller: nobody, a forged token, the right role, another role. */
    function generatedRequest(fuzzed: Endpoint[]) {
      return fc.constantFrom(...fuzzed).chain((endpoint) => {
        const operation = judge.operation(endpoint.method, endpoint.path);
        const parameters = operation?.parameters ?? [];
        const inPlace = (place: string) =>
          Object.fromEntries(
            parameters
              .filter((one) => one.in === place)
              .map((one) => [one.name, textAround(one.schema as JsonSchema)]),
          );
        const bodySchema = operation?.requestBody?.content['application/json'].schema as
          | JsonSchema
          | undefined;
        const payload = fc.oneof(
          {
            weight: 6,
            arbitrary: (bodySchema ? around(bodySchema) : fc.constant(undefined)).map((body) =>
              body === undefined ? undefined : JSON.stringify(body),
            ),
          },
          { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
        );
        // Mostly the right caller, so that requests get past the token check to the input and the handler.
        const token = fc.oneof(
          { weight: 6, arbitrary: fc.constant(tokenFor(endpoint)) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              undefined,
              'not.a.token',
              fixtures.ada.accessToken,
              fixtures.admin,
              fixtures.security,
            ),
          },
        );
        return fc.record({
          endpoint: fc.constant(endpoint),
          request: fc.record({
            method: fc.oneof(
              { weight: 9, arbitrary: fc.constant(endpoint.method) },
              { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
            ),
            // Encoded as a client would, so that a generated "/" stays inside its segment.
            params: fc
              .record(inPlace('path'))
              .map((params) =>
                Object.fromEntries(
                  Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value)]),
                ),
              ),
            query: fc.record(inPlace('query'), { requiredKeys: [] }),
            headers: fc
              .record(inPlace('header'), { requiredKeys: [] })
              .map((headers) => ({ 'content-type': 'application/json', ...headers })),
            payload,
            token,
          }),
        });
      });
    }
  },
  { RATE_LIMIT_SCALE: '100', FEED_REFRESH_MINUTES: '0' },
);

/** Starts a change of the member's sign-in e-mail to a new address; the code mailed there. */
async function emailChangeCode(t: TestContext, token: string): Promise<string> {
  const newEmail = uniqueEmail('changing');
  await t.app.inject({
    method: 'POST',
    url: '/api/user/email-change',
    headers: bearer(token),
    payload: { newEmail, password: STRONG_PASSWORD },
  });
  return codeFrom((await t.sink.waitForMail(newEmail)).text);
}

const getAs = (t: TestContext, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

type OwnCodeCall = [key: string, answer: string, request: SuccessCall];

/** Requests that get each endpoint's own codes, in an order that builds what later ones need. */
function ownCodeCalls(): OwnCodeCall[] {
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const unknownCard = `${'a'.repeat(40)}-1`;
  const asJson = { 'content-type': 'application/json' };
  const registration = (email: string) => ({
    name: 'Lin',
    email,
    password: STRONG_PASSWORD,
    dateOfBirth: '1990-05-17',
  });
  let unverified = '';
  let mailedCode = '';
  let unclaimed = '';
  let savedCard = '';
  const retryVerify = (): OwnCodeCall => [
    'POST /api/auth/verify-email',
    'INVALID_CODE',
    () => ({ payload: { email: unverified, code: wrongCode(mailedCode) } }),
  ];
  return [
    ['POST /api/auth/register', 'EMAIL_TAKEN', (f) => ({ payload: registration(f.grace.email) })],
    [
      'POST /api/auth/verify-email',
      'ALREADY_VERIFIED',
      (f) => ({ payload: { email: f.grace.email, code: '123456' } }),
    ],
    [
      'POST /api/auth/verify-email',
      'INVALID_CODE',
      async (_, t) => {
        unverified = uniqueEmail('unverified');
        await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(unverified) });
        mailedCode = codeFrom((await t.sink.waitForMail(unverified)).text);
        return { payload: { email: unverified, code: wrongCode(mailedCode) } };
      },
    ],
    retryVerify(),
    retryVerify(),
    [
      'POST /api/auth/login',
      'EMAIL_NOT_VERIFIED',
      () => ({ payload: { email: unverified, password: STRONG_PASSWORD } }),
    ],
    retryVerify(),
    // The fifth wrong code kills it.
    [
      'POST /api/auth/verify-email',
      'TOO_MANY_CODE_ATTEMPTS',
      () => ({ payload: { email: unverified, code: wrongCode(mailedCode) } }),
    ],
    [
      'POST /api/auth/login',
      'INVALID_CREDENTIALS',
      (f) => ({ payload: { email: f.grace.email, password: 'Wrong-Passw0rd' } }),
    ],
    ['POST /api/auth/login', 'OPERATOR_ACCOUNT', () => ({ payload: ADMIN })],
    ['POST /api/auth/refresh-token', 'REFRESH_TOKEN_INVALID', () => ({ payload: { refreshToken: 'a.b.c' } })],
    [
      'POST /api/auth/reset-password/:token',
      'RESET_LINK_INVALID',
      () => ({ params: { token: 'x'.repeat(30) }, payload: { password: STRONG_PASSWORD } }),
    ],
    [
      'POST /api/user/updateProfile',
      'EMAIL_CHANGE_NEEDS_CONFIRMATION',
      (f) => ({ token: f.ada.accessToken, payload: { email: uniqueEmail() } }),
    ],
    [
      'POST /api/user/updateProfile',
      'CARD_NOT_FOUND',
      (f) => ({ token: f.ada.accessToken, payload: { nfcUID: unknownCard } }),
    ],
    [
      'POST /api/user/updateProfile',
      'CARD_TAKEN',
      (f) => ({ token: f.ada.accessToken, payload: { nfcUID: f.grace.nfcUID } }),
    ],
    [
      'POST /api/user/card-link',
      'CARD_LINK_TAKEN',
      (f) => ({ token: f.ada.accessToken, payload: { handle: f.grace.cardHandle } }),
    ],
    [
      'POST /api/user/email-change',
      'WRONG_PASSWORD',
      (f) => ({ token: f.ada.accessToken, payload: { newEmail: uniqueEmail(), password: 'Wrong-Passw0rd' } }),
    ],
    // A member of their own: wrong passwords count against the account's sign-in budget.
    ...['DELETE /api/user/delete-account', 'DELETE /api/user/delete'].map(
      (key): OwnCodeCall => [
        key,
        'WRONG_PASSWORD',
        async (_, t) => ({
          token: (await createMember(t)).accessToken,
          payload: { password: 'Wrong-Passw0rd' },
        }),
      ],
    ),
    [
      'POST /api/user/email-change',
      'EMAIL_UNCHANGED',
      async (f, t) => {
        const account = await getAs(t, '/api/user/account', f.ada.accessToken);
        return {
          token: f.ada.accessToken,
          payload: { newEmail: json<{ email: string }>(account).email, password: STRONG_PASSWORD },
        };
      },
    ],
    [
      'POST /api/user/email-change',
      'EMAIL_TAKEN',
      (f) => ({ token: f.ada.accessToken, payload: { newEmail: f.grace.email, password: STRONG_PASSWORD } }),
    ],
    [
      'POST /api/user/email-change/confirm',
      'NO_EMAIL_CHANGE',
      async (f, t) => {
        await t.app.inject({
          method: 'DELETE',
          url: '/api/user/email-change',
          headers: bearer(f.ada.accessToken),
        });
        return { token: f.ada.accessToken, payload: { code: '123456' } };
      },
    ],
    [
      'POST /api/user/email-change/confirm',
      'INVALID_CODE',
      async (f, t) => {
        const code = await emailChangeCode(t, f.ada.accessToken);
        return { token: f.ada.accessToken, payload: { code: wrongCode(code) } };
      },
    ],
    [
      'GET /api/contact',
      '304',
      async (f, t) => {
        const listed = await getAs(t, '/api/contact', f.ada.accessToken);
        return { token: f.ada.accessToken, headers: { 'if-none-match': String(listed.headers.etag) } };
      },
    ],
    [
      'POST /api/contact/create',
      'CARD_NOT_FOUND',
      (f) => ({ token: f.ada.accessToken, payload: { nfcUID: unknownCard } }),
    ],
    [
      'POST /api/contact/create',
      'CARD_UNCLAIMED',
      async (f, t) => {
        unclaimed = await issueCard(t);
        return { token: f.ada.accessToken, payload: { nfcUID: unclaimed } };
      },
    ],
    [
      'POST /api/contact/create',
      'OWN_CARD',
      (f) => ({ token: f.ada.accessToken, payload: { nfcUID: f.ada.nfcUID } }),
    ],
    [
      'POST /api/contact/create',
      '201',
      async (f, t) => {
        savedCard = (await createMemberWithCard(t)).nfcUID;
        return { token: f.ada.accessToken, payload: { nfcUID: savedCard } };
      },
    ],
    [
      'POST /api/contact/create',
      'CONTACT_EXISTS',
      (f) => ({ token: f.ada.accessToken, payload: { nfcUID: savedCard } }),
    ],
    // The success run used this key for another card.
    [
      'POST /api/contact/create',
      'IDEMPOTENCY_KEY_REUSED',
      (f) => ({
        token: f.ada.accessToken,
        headers: { 'idempotency-key': 'conformance-1' },
        payload: { nfcUID: unknownCard },
      }),
    ],
    // The success run added someone else under this key.
    [
      'POST /api/contact/add',
      'IDEMPOTENCY_KEY_REUSED',
      (f) => ({
        token: f.ada.accessToken,
        headers: { 'idempotency-key': 'conformance-add-1' },
        payload: { name: 'Another Person' },
      }),
    ],
    ...(
      [
        ['POST /api/contact/send-card/:id', 'POST', (id) => `/api/contact/send-card/${id}`],
        ['POST /api/invitations/:id/accept', 'POST', (id) => `/api/invitations/${id}/accept`],
        ['DELETE /api/invitations/:id', 'DELETE', (id) => `/api/invitations/${id}`],
      ] as const satisfies readonly [string, 'POST' | 'DELETE', (id: string) => string][]
    ).map(
      ([key, method, url], index): OwnCodeCall => [
        key,
        'IDEMPOTENCY_KEY_REUSED',
        // A key used for one request, then sent with another: refused, never answered as the first.
        async (f, t) => {
          const headers = { 'idempotency-key': `conformance-reused-${index}` };
          await t.app.inject({
            method,
            url: url(randomUUID()),
            headers: { ...bearer(f.ada.accessToken), ...headers },
          });
          return { token: f.ada.accessToken, headers, params: { id: randomUUID() } };
        },
      ],
    ),
    [
      'POST /api/insights/track/click',
      'INSIGHT_ITEM_NOT_FOUND',
      (f) => ({
        token: f.ada.accessToken,
        payload: { type: 'news', itemId: 'no-such-item', action: 'open' },
      }),
    ],
    [
      'POST /api/invitations/:id/accept',
      'INVITATION_NOT_FOUND',
      (f) => ({ token: f.ada.accessToken, params: { id: randomUUID() } }),
    ],
    [
      'DELETE /api/invitations/:id',
      'INVITATION_NOT_FOUND',
      (f) => ({ token: f.ada.accessToken, params: { id: randomUUID() } }),
    ],
    ...[
      'GET /api/nfc/:nfcUID',
      'GET /api/nfc/:nfcUID/vcard',
      'POST /api/nfc/:nfcUID/events',
      'POST /api/nfc/:nfcUID/share-details',
      'POST /api/nfc/:nfcUID/email-me',
      'GET /api/nfc/:nfcUID/qr.png',
    ].flatMap((key): OwnCodeCall[] => {
      const payload = key.endsWith('/events')
        ? { payload: { type: 'view' } }
        : key.endsWith('/email-me')
          ? { payload: { email: SHARED_DETAILS.email } }
          : key.startsWith('POST')
            ? { payload: SHARED_DETAILS }
            : {};
      return [
        [key, 'CARD_NOT_FOUND', () => ({ params: { nfcUID: unknownCard }, ...payload })],
        [key, 'CARD_UNCLAIMED', () => ({ params: { nfcUID: unclaimed }, ...payload })],
      ];
    }),
    [
      'POST /api/admin/login',
      'INVALID_CREDENTIALS',
      () => ({ payload: { ...ADMIN, password: 'Wrong-Passw0rd' } }),
    ],
    [
      'POST /api/security/login',
      'INVALID_CREDENTIALS',
      () => ({ payload: { ...SECURITY, password: 'Wrong-Passw0rd' } }),
    ],
    [
      'POST /api/security/unblock-ip',
      'IP_NOT_BLOCKED',
      (f) => ({ token: f.security, payload: { ipAddress: '198.51.100.200' } }),
    ],
    [
      'GET /api/security/blocks/:ipAddress',
      'IP_NOT_BLOCKED',
      (f) => ({ token: f.security, params: { ipAddress: '198.51.100.200' } }),
    ],
    [
      'POST /api/security/blocks',
      'OWN_ADDRESS',
      (f) => ({
        token: f.security,
        payload: { ipAddress: '127.0.0.1', durationMinutes: 60, reason: 'test' },
      }),
    ],
    // The success run allowlisted 192.0.2.77.
    [
      'POST /api/security/blocks',
      'ADDRESS_ALLOWLISTED',
      (f) => ({
        token: f.security,
        payload: { ipAddress: '192.0.2.77', durationMinutes: 60, reason: 'test' },
      }),
    ],
    [
      'DELETE /api/security/allowlist/:id',
      'ALLOWLIST_ENTRY_NOT_FOUND',
      (f) => ({ token: f.security, params: { id: randomUUID() } }),
    ],
    [
      'PUT /api/security/rules/:ruleId',
      'RULE_NOT_FOUND',
      (f) => ({ token: f.security, params: { ruleId: 'no-such-rule' }, payload: { mode: 'detect' } }),
    ],
    ...['DELETE /api/user/app-passwords/:id'].map(
      (key): OwnCodeCall => [
        key,
        'APP_PASSWORD_NOT_FOUND',
        (f) => ({ token: f.ada.accessToken, params: { id: randomUUID() } }),
      ],
    ),
    ...[
      'DELETE /api/user/webhooks/:id',
      'POST /api/user/webhooks/:id/enable',
      'GET /api/user/webhooks/:id/deliveries',
    ].map(
      (key): OwnCodeCall => [
        key,
        'WEBHOOK_NOT_FOUND',
        (f) => ({ token: f.ada.accessToken, params: { id: randomUUID() } }),
      ],
    ),
    [
      'POST /api/user/webhooks',
      'WEBHOOK_URL_REFUSED',
      (f) => ({
        token: f.ada.accessToken,
        payload: { url: 'http://hooks.example.com/x', events: ['contact.saved'] },
      }),
    ],
    ['GET /api/unsubscribe/:token', '404', () => ({ params: { token: 'x'.repeat(43) } })],
    [
      'POST /api/unsubscribe/:token',
      'UNSUBSCRIBE_INVALID',
      () => ({ params: { token: 'x'.repeat(43) }, headers: asJson, payload: '{}' }),
    ],
  ];
}

/** Answers no request here can provoke, by code or by `METHOD path answer`, and where they are. */
const PROVOKED_ELSEWHERE: Record<string, string> = {
  DATABASE_UNAVAILABLE: 'tests/server/processes.test.ts (PostgreSQL stopped under a running server)',
  RATE_LIMITED:
    'declared on exactly the limited routes (above); limits reached in app, auth, contacts, lockout and weak-spots tests',
  ACCOUNT_NOT_FOUND:
    'only for an account deleted between the token check and the handler: a race no request arranges',
  ACCOUNT_LOCKED: 'tests/server/lockout.test.ts',
  CODE_EXPIRED: 'tests/server/auth.test.ts, tests/server/email-change.test.ts (a code past its time)',
  'POST /api/user/email-change/confirm TOO_MANY_CODE_ATTEMPTS': 'tests/server/email-change.test.ts',
  'POST /api/user/email-change/confirm EMAIL_TAKEN': 'tests/server/email-change.test.ts',
  // A refresh token used again within the grace window answers as the first use did.
  SESSION_ENDED: 'tests/server/auth.test.ts (a refresh token replayed after its grace window)',
  REQUEST_IN_PROGRESS: 'no test: two requests with one Idempotency-Key at the same instant',
  CARD_INCOMPLETE: 'tests/server/contacts.test.ts',
  CONTACT_HAS_NO_EMAIL: 'tests/server/contacts.test.ts',
  CARD_SENT_TODAY: 'tests/server/contacts.test.ts, tests/server/mail.test.ts',
  CARD_DAILY_LIMIT: 'tests/server/mail.test.ts',
  SHARE_LIMIT_REACHED: 'tests/server/shared-details.test.ts (a card that had its hour’s shares)',
  INSIGHTS_REFRESH_LIMIT: 'tests/server/insights-digests.test.ts',
  RULE_MODE_NOT_ALLOWED: 'tests/server/security-dashboard.test.ts',
  APP_PASSWORD_LIMIT: 'tests/server/carddav.test.ts (the eleventh app password of an account)',
  WEBHOOK_LIMIT: 'tests/server/webhooks.test.ts (the sixth webhook of an account)',
  'POST /api/insights/track/click 200': 'tests/server/insights-digests.test.ts (a stored feed item)',
  'GET /api/health 503': 'tests/server/app.test.ts (the database gone)',
  'GET /api/health/ready 503': 'the same check as /api/health: tests/server/app.test.ts',
  ACCOUNT_SUSPENDED:
    'tests/server/venue.test.ts (an account that attacks is suspended wherever it asks from)',
  VERSION_CONFLICT:
    'tests/server/versions.test.ts, tests/server/contact-changes.test.ts (a write with an outdated If-Match)',
  'POST /api/security/blocks SHARED_ADDRESS_UNCONFIRMED':
    'tests/server/venue.test.ts (a manual block of an address many members signed in from)',
  // A blocked address keeps its card pages; only a hostile request to one is refused.
  'GET /api/nfc/:nfcUID ADDRESS_BLOCKED': 'tests/server/venue.test.ts (a scanner at a blocked venue)',
  'GET /api/nfc/:nfcUID/vcard ADDRESS_BLOCKED': 'tests/server/venue.test.ts (a scanner at a blocked venue)',
  'POST /api/nfc/:nfcUID/events ADDRESS_BLOCKED': 'tests/server/venue.test.ts (a scanner at a blocked venue)',
  'POST /api/nfc/:nfcUID/share-details ADDRESS_BLOCKED':
    'tests/server/venue.test.ts (a scanner at a blocked venue)',
  'POST /api/nfc/:nfcUID/email-me ADDRESS_BLOCKED':
    'tests/server/venue.test.ts (a scanner at a blocked venue)',
  'GET /api/nfc/:nfcUID/qr.png ADDRESS_BLOCKED': 'tests/server/venue.test.ts (a scanner at a blocked venue)',
  SECURE_CARDS_OFF: 'tests/server/secure-cards.test.ts (a server without CARD_KEYS_SECRET)',
  'GET /api/user/card/wallet-pass 200':
    'tests/server/wallet.test.ts (a server with pass-signing certificates, made in the test)',
  WALLET_PASSES_OFF: 'tests/server/wallet.test.ts (a server without pass-signing certificates)',
  CARD_KEYS_NEEDED: 'tests/server/secure-cards.test.ts',
  CARD_UID_TAKEN: 'tests/server/secure-cards.test.ts',
  'POST /api/admin/cards/secure CARD_NOT_FOUND':
    'tests/server/secure-cards.test.ts (new keys for a card that is not secure)',
  // The admin's support tools act on members the suite makes there.
  ...Object.fromEntries(
    [
      'GET /api/admin/support/members 200',
      ...['resend-code', 'unlink-card', 'replace-card', 'disable', 'enable'].map(
        (action) => `POST /api/admin/support/members/:userId/${action} 200`,
      ),
      'MEMBER_NOT_FOUND',
      'NO_CARD_LINKED',
      'ACCOUNT_ALREADY_DISABLED',
      'ACCOUNT_NOT_DISABLED',
      'POST /api/admin/support/members/:userId/resend-code ALREADY_VERIFIED',
      'POST /api/admin/support/members/:userId/replace-card CARD_NOT_FOUND',
      'POST /api/admin/support/members/:userId/replace-card CARD_TAKEN',
      // A disabled account's sign-in, and the card of one, or one moved to a replacement, on each of its calls.
      'ACCOUNT_DISABLED',
      'CARD_REPLACED',
      'CARD_UNAVAILABLE',
    ].map((answer) => [answer, 'tests/server/support.test.ts']),
  ),
  // Enrolling a factor here would turn every later operator sign-in into a two-step one.
  SECOND_FACTOR_INVALID: 'tests/server/two-factor.test.ts (a wrong, replayed or late code)',
  SECOND_FACTOR_EXPIRED: 'tests/server/two-factor.test.ts (no current second-factor token of the role)',
  ENROLMENT_NOT_STARTED: 'tests/server/two-factor.test.ts (a confirmation before any enrolment)',
  'POST /api/admin/second-factor/enrolment/confirm 200': 'tests/server/two-factor.test.ts',
  'POST /api/security/second-factor/enrolment/confirm 200': 'tests/server/two-factor.test.ts',
  'POST /api/admin/login/second-factor 200': 'tests/server/two-factor.test.ts',
  'POST /api/security/login/second-factor 200': 'tests/server/two-factor.test.ts',
  'POST /api/admin/passkeys 200':
    'tests/server/passkeys.test.ts (a software authenticator answers the challenge)',
  'POST /api/admin/login/passkey 200': 'tests/server/passkeys.test.ts',
  'POST /api/admin/login/passkey/options 200': 'tests/server/passkeys.test.ts (after the password)',
  'DELETE /api/admin/passkeys/:passkeyId 200': 'tests/server/passkeys.test.ts',
  'POST /api/security/passkeys 200':
    'tests/server/passkeys.test.ts (a software authenticator answers the challenge)',
  'POST /api/security/login/passkey 200': 'tests/server/passkeys.test.ts',
  'POST /api/security/login/passkey/options 200': 'tests/server/passkeys.test.ts (after the password)',
  'DELETE /api/security/passkeys/:passkeyId 200': 'tests/server/passkeys.test.ts',
  PASSKEY_INVALID: 'tests/server/passkeys.test.ts (another origin, an expired or spent challenge)',
  PASSKEY_LIMIT: 'tests/server/passkeys.test.ts (the next passkey past the most, asked for or under way)',
  PASSKEY_NOT_FOUND: 'tests/server/passkeys.test.ts (a passkey removed twice)',
  'POST /api/admin/operators/second-factor/reset 200':
    'tests/server/factor-reset.test.ts (an operator with a factor set up)',
  'POST /api/admin/operators/second-factor/reset OPERATOR_NOT_FOUND': 'tests/server/factor-reset.test.ts',
  'POST /api/admin/operators/second-factor/reset NO_SECOND_FACTOR': 'tests/server/factor-reset.test.ts',
  'POST /api/admin/operators/second-factor/reset OWN_SECOND_FACTOR': 'tests/server/factor-reset.test.ts',
  SESSION_NOT_FOUND: 'tests/server/session-list.test.ts (an ended, unknown or other account’s session)',
  // Ending the other operator sessions would end the fixtures' own.
  'DELETE /api/admin/sessions 200': 'tests/server/session-list.test.ts',
  'DELETE /api/security/sessions 200': 'tests/server/session-list.test.ts',
  // A photo's body is an image's bytes, which the generated JSON calls cannot make.
  'PUT /api/user/card/photo 200': 'tests/server/card-looks.test.ts (a phone photo with GPS EXIF)',
  PHOTO_NOT_AN_IMAGE: 'tests/server/card-looks.test.ts (a GIF, a script, a cut-off JPEG)',
  'DELETE /api/user/card/photo 200': 'tests/server/card-looks.test.ts (the photo deleted)',
  'GET /api/card-photos/:photoId 200': 'tests/server/card-looks.test.ts (the photo as it is served)',
  'GET /api/card-photos/:photoId/small 200': 'tests/server/card-looks.test.ts (its small version)',
};

/** Signs in once more at `loginUrl` and answers that new session's id, as `token`'s list shows it. */
async function otherSessionOf(
  t: TestContext,
  loginUrl: string,
  credentials: { email: string; password: string },
  listUrl: string,
  token: string,
): Promise<string> {
  await t.app.inject({ method: 'POST', url: loginUrl, payload: credentials });
  const listed = await t.app.inject({ method: 'GET', url: listUrl, headers: bearer(token) });
  const { sessions } = json<{ sessions: { id: string; isCurrent: boolean }[] }>(listed);
  return sessions.find((session) => !session.isCurrent)?.id ?? '';
}

/** What an answer is, for the ledger: its error code, or its status. */
function answerOf(response: LightMyRequestResponse): string {
  if (response.statusCode < 400 || !String(response.headers['content-type']).startsWith('application/json')) {
    return String(response.statusCode);
  }
  return String(response.json().code);
}

function elsewhere(endpointKey: string, answer: string): string | undefined {
  return PROVOKED_ELSEWHERE[`${endpointKey} ${answer}`] ?? PROVOKED_ELSEWHERE[answer];
}

/** Calls that would end the fixtures' accounts: their success is driven once, not generated at random. */
const DESTRUCTIVE = new Set(['/api/user/delete-account', '/api/user/delete']);

/** Whether `url` is one the contract path `path` takes (`:name` fits any one segment). */
function fits(path: string, url: string): boolean {
  const [wanted, given] = [path.split('/'), url.split('/')];
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => part.startsWith(':') || part === given[index])
  );
}

function paramNames(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** The documented operation a request with another method reaches (a path may take several). */
function otherOperation(endpoint: Endpoint, method: string | undefined): Endpoint {
  const same = endpoints.find((one) => one.path === endpoint.path && one.method === method);
  if (same) return same;
  // HEAD is GET without a body.
  const asGet = endpoints.find(
    (one) => one.path === endpoint.path && one.method === 'GET' && method === 'HEAD',
  );
  if (asGet) return asGet;
  // A path another route's parameter takes in answers as that route: PUT /api/contact/mapContacts is
  // PUT /api/contact/:id, for a contact id that cannot exist.
  return (
    endpoints.find((one) => one.method === method && isSamePathShape(one.path, endpoint.path)) ?? endpoint
  );
}

function isSamePathShape(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  return (
    patternParts.length === pathParts.length &&
    patternParts.every(
      (part, index) => part === pathParts[index] || part.startsWith(':') || pathParts[index]?.startsWith(':'),
    )
  );
}

/** Input the endpoint's validator refuses: a body of the wrong type, or a query or param no schema allows. */
function refusedInput(endpoint: Endpoint): Call {
  if (endpoint.body) return { headers: { 'content-type': 'application/json' }, payload: '"not an object"' };
  if (endpoint.query)
    return {
      // `p`: a secure card's tap data longer than any tag writes (GET /api/nfc/:nfcUID).
      query: {
        range: 'fortnight',
        limit: 'many',
        type: 'everything',
        from: 'yesterday',
        force: 'maybe',
        p: '0'.repeat(65),
      },
    };
  if (endpoint.headers) return { headers: { 'idempotency-key': '!' } };
  return { params: Object.fromEntries(paramNames(endpoint).map((name) => [name, 'x'.repeat(101)])) };
}

type SuccessCall = (fixtures: Fixtures, t: TestContext) => Promise<Call> | Call;

/** The id of the webhook the success run registered for Ada. */
async function webhookOf(t: TestContext, { ada }: Fixtures): Promise<string> {
  return json<{ id: string }[]>(await getAs(t, '/api/user/webhooks', ada.accessToken))[0]?.id ?? '';
}

/** One successful call of every endpoint, in an order that builds what later ones need. */
/** A member of its own, with the password that deletes it. */
const deleteNewMember: SuccessCall = async (_, t) => {
  const member = await createMember(t);
  return { token: member.accessToken, payload: { password: member.password } };
};

function successCalls(): Record<string, SuccessCall> {
  const member = ({ ada }: Fixtures) => ({ token: ada.accessToken });
  const admin = ({ admin }: Fixtures) => ({ token: admin });
  const security = ({ security }: Fixtures) => ({ token: security });
  const asJson = { 'content-type': 'application/json' };
  const preferences = { industries: ['Technology'] };
  let registered = '';
  let refreshToken = '';
  let reset = '';
  let unsubscribe = '';
  let allowlistId = '';
  let invitations: string[] = [];
  return {
    'POST /api/auth/register': () => {
      registered = uniqueEmail('register');
      return {
        payload: { name: 'Lin', email: registered, password: STRONG_PASSWORD, dateOfBirth: '1990-05-17' },
      };
    },
    // A code is resent only after a wait; an unknown address gets the same answer at once.
    'POST /api/auth/resend-verification-code': () => ({ payload: { email: uniqueEmail('unknown') } }),
    'POST /api/auth/verify-email': async (_, t) => {
      const mail = await t.sink.waitForMail(registered);
      return { payload: { email: registered, code: codeFrom(mail.text) } };
    },
    'POST /api/auth/login': () => ({ payload: { email: registered, password: STRONG_PASSWORD } }),
    'POST /api/auth/refresh-token': async (_, t) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registered, password: STRONG_PASSWORD },
      });
      refreshToken = json<{ refreshToken: string }>(login).refreshToken;
      return { payload: { refreshToken } };
    },
    'POST /api/auth/logout': async (_, t) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registered, password: STRONG_PASSWORD },
      });
      return { payload: { refreshToken: json<{ refreshToken: string }>(login).refreshToken } };
    },
    'POST /api/auth/forgot-password': () => ({ payload: { email: registered } }),
    'POST /api/auth/reset-password/:token': async (_, t) => {
      const mail = await t.sink.waitForMail(registered, { newerThan: 1 });
      reset = linkIn(mail, '/reset-password/').pathname.split('/').pop() ?? '';
      return { params: { token: reset }, payload: { password: `${STRONG_PASSWORD}2` } };
    },
    'GET /api/user/account': member,
    'POST /api/user/updateBusinessCard': (f) => ({
      ...member(f),
      payload: { ...businessCard, phone: '+44 20 7946 0001' },
    }),
    'POST /api/user/updateProfile': (f) => ({ ...member(f), payload: { name: 'Ada King' } }),
    'POST /api/user/card-link': (f) => ({ ...member(f), payload: { handle: `ada-${f.ada.cardHandle}` } }),
    'POST /api/user/email-change': (f) => ({
      ...member(f),
      payload: { newEmail: uniqueEmail('new'), password: STRONG_PASSWORD },
    }),
    'DELETE /api/user/email-change': member,
    'POST /api/user/email-change/confirm': async (f, t) => {
      return { ...member(f), payload: { code: await emailChangeCode(t, f.ada.accessToken) } };
    },
    'GET /api/user/notification-settings': member,
    'POST /api/user/notification-settings': (f) => ({ ...member(f), payload: { emailOptOut: false } }),
    'GET /api/user/export/contacts.vcf': member,
    'GET /api/user/export/contacts.csv': member,
    'GET /api/user/export/google-contacts.csv': member,
    'GET /api/user/export/outlook-contacts.csv': member,
    'POST /api/user/app-passwords': (f) => ({ ...member(f), payload: { name: 'Conformance phone' } }),
    'GET /api/user/app-passwords': member,
    'DELETE /api/user/app-passwords/:id': async (f, t) => {
      const listed = await getAs(t, '/api/user/app-passwords', f.ada.accessToken);
      return { ...member(f), params: { id: json<{ id: string }[]>(listed)[0]?.id ?? '' } };
    },
    // Only for details.shared, which nothing here sends: no delivery is tried towards hooks.example.com.
    'POST /api/user/webhooks': (f) => ({
      ...member(f),
      payload: { url: 'https://hooks.example.com/conformance', events: ['details.shared'] },
    }),
    'GET /api/user/webhooks': member,
    'POST /api/user/webhooks/:id/enable': async (f, t) => ({
      ...member(f),
      params: { id: await webhookOf(t, f) },
    }),
    'GET /api/user/webhooks/:id/deliveries': async (f, t) => ({
      ...member(f),
      params: { id: await webhookOf(t, f) },
    }),
    'DELETE /api/user/webhooks/:id': async (f, t) => ({
      ...member(f),
      params: { id: await webhookOf(t, f) },
    }),
    'GET /api/contact': member,
    'POST /api/contact/create': async (f, t) => {
      const other = await createMemberWithCard(t, { email: uniqueEmail('card') });
      return {
        ...member(f),
        headers: { 'idempotency-key': 'conformance-1' },
        payload: { nfcUID: other.nfcUID, lat: 51.5, lng: -0.12 },
      };
    },
    'POST /api/contact/add': (f) => ({
      ...member(f),
      headers: { 'idempotency-key': 'conformance-add-1' },
      payload: { name: 'Paper Card Person', email: 'paper.person@example.com', where: 'at the fair' },
    }),
    'PUT /api/contact/:id': (f) => ({
      ...member(f),
      params: { id: f.contactId },
      payload: { notes: 'Met at the conference' },
    }),
    'PATCH /api/contact/:id/toggle-flag': (f) => ({ ...member(f), params: { id: f.contactId } }),
    'PUT /api/contact/:id/flag': (f) => ({
      ...member(f),
      params: { id: f.contactId },
      payload: { isFlagged: true },
    }),
    'POST /api/contact/send-card/:id': (f) => ({ ...member(f), params: { id: f.contactId } }),
    'GET /api/contact/mapContacts': member,
    'PUT /api/contact/:id/event': (f) => ({
      ...member(f),
      params: { id: f.contactId },
      payload: { event: 'Web Summit 2026' },
    }),
    'GET /api/contact/current-event': member,
    'PUT /api/contact/current-event': (f) => ({ ...member(f), payload: { event: 'Web Summit 2026' } }),
    'GET /api/user/insight-preferences': member,
    'POST /api/user/insight-preferences': (f) => ({ ...member(f), payload: preferences }),
    'POST /api/insights/prime': member,
    'POST /api/insights/cached': (f) => ({ ...member(f), payload: { type: 'news', preferences } }),
    'POST /api/insights/events-summary': (f) => ({ ...member(f), payload: { preferences } }),
    'POST /api/insights/news-summary': (f) => ({ ...member(f), payload: { preferences } }),
    'POST /api/insights/news-detail': (f) => ({ ...member(f), payload: { title: 'Chips are faster' } }),
    'GET /api/insights/cache/stats': member,
    'DELETE /api/insights/cache/my': (f) => ({ ...member(f), headers: asJson, payload: '{"type":"news"}' }),
    'GET /api/map/style': () => ({}),
    'GET /api/wallet': () => ({}),
    'GET /api/invitations': async (f, t) => {
      // Grace is invited each time someone saves her card.
      for (const saver of [await createMemberWithCard(t), await createMemberWithCard(t)]) {
        await t.app.inject({
          method: 'POST',
          url: '/api/contact/create',
          headers: bearer(saver.accessToken),
          payload: { nfcUID: f.grace.nfcUID },
        });
      }
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/invitations',
        headers: bearer(f.grace.accessToken),
      });
      invitations = json<{ _id: string }[]>(listed).map(({ _id }) => _id);
      return { token: f.grace.accessToken };
    },
    'POST /api/invitations/:id/accept': (f) => ({
      token: f.grace.accessToken,
      params: { id: invitations[0] ?? '' },
    }),
    'DELETE /api/invitations/:id': (f) => ({
      token: f.grace.accessToken,
      params: { id: invitations[1] ?? '' },
    }),
    'DELETE /api/contact/:id': (f) => ({ ...member(f), params: { id: f.contactId } }),
    'GET /api/nfc/:nfcUID': (f) => ({ params: { nfcUID: f.grace.nfcUID } }),
    'GET /api/nfc/:nfcUID/vcard': (f) => ({ params: { nfcUID: f.grace.nfcUID } }),
    'POST /api/nfc/:nfcUID/events': (f) => ({
      params: { nfcUID: f.grace.nfcUID },
      payload: { type: 'view', source: 'nfc' },
    }),
    'POST /api/nfc/:nfcUID/share-details': (f) => ({
      params: { nfcUID: f.grace.cardHandle },
      payload: SHARED_DETAILS,
    }),
    'POST /api/nfc/:nfcUID/email-me': (f) => ({
      params: { nfcUID: f.grace.cardHandle },
      payload: { email: SHARED_DETAILS.email },
    }),
    'GET /api/nfc/:nfcUID/qr.png': (f) => ({ params: { nfcUID: f.grace.cardHandle } }),
    'POST /api/admin/cards': (f) => ({ ...admin(f), payload: { count: 1 } }),
    'GET /api/admin/cards/export': admin,
    'POST /api/admin/cards/secure': (f) => ({
      ...admin(f),
      payload: { cards: [{ uid: randomUid(), ...hexKeys(randomKeys()) }] },
    }),
    'POST /api/admin/login': () => ({ payload: ADMIN }),
    'GET /api/admin/session': admin,
    'GET /api/admin/analytics': admin,
    'GET /api/admin/analytics/export/:table': (f) => ({ ...admin(f), params: { table: 'growth' } }),
    'POST /api/security/login': () => ({ payload: SECURITY }),
    'GET /api/security/session': security,
    'GET /api/security/dashboard': security,
    'POST /api/security/blocks': (f) => ({
      ...security(f),
      payload: { ipAddress: '198.51.100.9', durationMinutes: 60, reason: 'test' },
    }),
    'GET /api/security/blocks': security,
    'GET /api/security/blocks/:ipAddress': (f) => ({ ...security(f), params: { ipAddress: '198.51.100.9' } }),
    'POST /api/security/unblock-ip': (f) => ({ ...security(f), payload: { ipAddress: '198.51.100.9' } }),
    'POST /api/security/allowlist': async (f, t) => {
      const before = await t.app.inject({
        method: 'POST',
        url: '/api/security/allowlist',
        headers: bearer(f.security),
        payload: { range: '192.0.2.0/24', comment: 'office' },
      });
      allowlistId = json<{ id: string }>(before).id;
      return { ...security(f), payload: { range: '192.0.2.77', comment: 'printer' } };
    },
    'GET /api/security/allowlist': security,
    'DELETE /api/security/allowlist/:id': (f) => ({ ...security(f), params: { id: allowlistId } }),
    'GET /api/security/rules': security,
    'PUT /api/security/rules/:ruleId': async (f, t) => {
      const rules = json<{ id: string; mode: string }[]>(
        await t.app.inject({ method: 'GET', url: '/api/security/rules', headers: bearer(f.security) }),
      );
      const rule = rules.find(({ mode }) => mode === 'detect') ?? rules[0];
      return {
        ...security(f),
        params: { ruleId: rule?.id ?? '' },
        payload: { mode: rule?.mode ?? 'detect' },
      };
    },
    'GET /api/security/audit-log': (f) => ({ ...security(f), query: { limit: '5' } }),
    'GET /api/security/events': (f) => ({ ...security(f), query: { severity: 'CRITICAL', pageSize: '25' } }),
    'GET /api/security/addresses/:ipAddress': (f) => ({
      ...security(f),
      params: { ipAddress: '198.51.100.9' },
    }),
    'GET /api/security/events/export': (f) => ({
      ...security(f),
      query: { from: '2020-01-01T00:00:00Z', to: new Date(Date.now() + 60_000).toISOString() },
    }),
    'GET /api/insights/analytics-summary': (f) => ({
      ...member(f),
      query: { range: 'month', timezone: 'Europe/Paris' },
    }),
    'GET /api/user-analytics/countries': (f) => ({ ...member(f), query: { range: '30' } }),
    'GET /api/user-analytics/companies': (f) => ({
      ...member(f),
      query: { startDate: '2026-01-01', endDate: '2026-02-01' },
    }),
    'GET /api/user-analytics/industries': member,
    'GET /api/user-analytics/engagement': member,
    'GET /api/user-analytics/conversion': member,
    'GET /api/user-analytics/geographical': member,
    'GET /api/user-analytics/export': (f) => ({ ...member(f), query: { type: 'countries' } }),
    'POST /api/sessions/heartbeat': member,
    'GET /api/sessions/open': member,
    // Ada's e-mail changed in an earlier call: a member of its own signs in twice.
    'DELETE /api/sessions/open/:id': async (_, t) => {
      const other = await createMember(t);
      const credentials = { email: other.email, password: STRONG_PASSWORD };
      const id = await otherSessionOf(
        t,
        '/api/auth/login',
        credentials,
        '/api/sessions/open',
        other.accessToken,
      );
      return { token: other.accessToken, params: { id } };
    },
    'DELETE /api/sessions/open': member,
    'GET /api/admin/second-factor': admin,
    'GET /api/admin/passkeys': admin,
    'POST /api/admin/passkeys/options': admin,
    'POST /api/admin/second-factor/enrolment': admin,
    'GET /api/admin/sessions': admin,
    'DELETE /api/admin/sessions/:id': async (f, t) => ({
      ...admin(f),
      params: { id: await otherSessionOf(t, '/api/admin/login', ADMIN, '/api/admin/sessions', f.admin) },
    }),
    'GET /api/security/second-factor': security,
    'GET /api/security/passkeys': security,
    'POST /api/security/passkeys/options': security,
    'POST /api/security/second-factor/enrolment': security,
    'GET /api/security/sessions': security,
    'DELETE /api/security/sessions/:id': async (f, t) => ({
      ...security(f),
      params: {
        id: await otherSessionOf(t, '/api/security/login', SECURITY, '/api/security/sessions', f.security),
      },
    }),
    'POST /api/analytics/page-view': () => ({ payload: { path: '/contacts' } }),
    'GET /api/unsubscribe/:token': async (_, t) => {
      const mail = await t.sink.waitForMail(GRACE_CARD_EMAIL);
      unsubscribe = linkIn(mail, '/api/unsubscribe/').pathname.split('/').pop() ?? '';
      return { params: { token: unsubscribe } };
    },
    'POST /api/unsubscribe/:token': () => ({ params: { token: unsubscribe } }),
    'GET /api/health': () => ({}),
    'GET /api/health/ready': () => ({}),
    'GET /api/health/live': () => ({}),
    'GET /api/openapi.json': () => ({}),
    'GET /api/docs': () => ({}),
    'DELETE /api/user/delete-account': deleteNewMember,
    'DELETE /api/user/delete': deleteNewMember,
  };
}
