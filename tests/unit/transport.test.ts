// The transport (src/api/transport.ts): what goes on the wire for a contract endpoint, and how every kind
// of answer comes back as an outcome. The server is stubbed at fetch (tests/support/stub-server.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoutEndpoint } from '../../contract/auth';
import { PublicCardPaths } from '../../contract/card-paths';
import { ListContactsEndpoint, UpdateContactNotesEndpoint } from '../../contract/contacts';
import { ContactExportEndpoints } from '../../contract/user';
import { getJson, isAnswering, revalidate, send } from '../../src/api/transport';
import { jsonResponse, neverAnswers, offline, stubServer } from '../support/stub-server';
import { makeContact } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const contact = makeContact('contact-1', { notes: 'Met at the fair' });

describe('a call that succeeds', () => {
  it('is sent as its endpoint declares it, and answers the value its schema reads', async () => {
    const sent = stubServer(() => jsonResponse(200, contact, { ETag: '"v2"' }));

    const outcome = await send(UpdateContactNotesEndpoint, {
      params: { id: 'contact/1' },
      json: { notes: 'Met at the fair' },
      query: { source: 'test' },
      token: 'access.token',
      headers: { 'X-Extra': 'yes' },
    });

    expect(outcome).toMatchObject({ ok: true, status: 200, value: contact });
    expect(outcome.ok && outcome.headers.get('ETag')).toBe('"v2"');
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe('PUT');
    // A parameter is one path segment, whatever it holds.
    expect(request?.path).toBe('/api/contact/contact%2F1');
    expect(request?.url.search).toBe('?source=test');
    expect(request?.body).toEqual({ notes: 'Met at the fair' });
    expect(request?.headers.get('Authorization')).toBe('Bearer access.token');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('X-Extra')).toBe('yes');
  });

  it('sends no Authorization header without a token, and answers no value for a 204', async () => {
    const sent = stubServer(() => new Response(null, { status: 204 }));

    const outcome = await send(LogoutEndpoint, { json: { refreshToken: 'refresh.token' } });

    expect(outcome).toMatchObject({ ok: true, status: 204, value: undefined });
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('answers a file as its text, asking for its type', async () => {
    const sent = stubServer(() => new Response('name,email\n', { headers: { 'content-type': 'text/csv' } }));

    const outcome = await send(ContactExportEndpoints.csv, { token: 'access.token' });

    expect(outcome).toMatchObject({ ok: true, value: 'name,email\n' });
    expect(sent[0]?.headers.get('Accept')).toBe('text/csv');
  });

  it('reads the body with the caller’s light parser instead of a schema', async () => {
    stubServer(() => jsonResponse(200, { name: 'Ada' }));
    const lookup = { method: 'GET', path: PublicCardPaths.lookup } as const;

    const named = await send(lookup, {
      params: { nfcUID: 'card-1' },
      parse: (body) =>
        typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : null,
    });
    const refusedShape = await send(lookup, { params: { nfcUID: 'card-1' }, parse: () => null });

    expect(named).toMatchObject({ ok: true, value: 'Ada' });
    expect(refusedShape).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200 } });
  });
});

describe('a success this app cannot read', () => {
  it('is unreadable when the body does not have the endpoint’s shape', async () => {
    stubServer(() => jsonResponse(200, { notes: 42 }));
    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200 } });
  });

  it('is unreadable when the body is not JSON (a captive portal’s page)', async () => {
    stubServer(() => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }));
    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200 } });
  });
});

describe('a refusal', () => {
  it('carries the error answer’s message, code and reasons, and the raw body', async () => {
    const answer = { error: 'Validation failed', code: 'VALIDATION_FAILED', errors: ['notes: too long'] };
    stubServer(() => jsonResponse(400, answer));

    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });

    expect(outcome).toEqual({
      ok: false,
      failure: {
        kind: 'refused',
        status: 400,
        code: 'VALIDATION_FAILED',
        error: 'Validation failed',
        errors: ['notes: too long'],
        body: JSON.stringify(answer),
      },
    });
  });

  it('leaves out a code this build does not know (a newer server’s), keeping the message', async () => {
    stubServer(() => jsonResponse(409, { error: 'Something new', code: 'SOMETHING_NEW' }));
    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.failure).toEqual({
      kind: 'refused',
      status: 409,
      error: 'Something new',
      errors: [],
      body: JSON.stringify({ error: 'Something new', code: 'SOMETHING_NEW' }),
    });
  });

  it('is told by its status when the body is no error answer (a proxy’s 502 page)', async () => {
    stubServer(() => new Response('Bad gateway', { status: 502 }));
    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });
    expect(!outcome.ok && outcome.failure).toEqual({
      kind: 'refused',
      status: 502,
      errors: [],
      body: 'Bad gateway',
    });
  });
});

describe('no answer', () => {
  it('is unreachable when the request reaches no server', async () => {
    stubServer(offline);
    const outcome = await send(UpdateContactNotesEndpoint, { params: { id: 'c1' }, json: { notes: 'x' } });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'unreachable', message: 'Failed to fetch' } });
  });

  it('is unreachable when the server does not answer within timeoutMs', async () => {
    stubServer(neverAnswers);
    const outcome = await send(UpdateContactNotesEndpoint, {
      params: { id: 'c1' },
      json: { notes: 'x' },
      timeoutMs: 20,
    });
    expect(!outcome.ok && outcome.failure.kind).toBe('unreachable');
  });

  it('is unreachable when the caller gives up', async () => {
    stubServer(neverAnswers);
    const giveUp = new AbortController();
    const pending = send(UpdateContactNotesEndpoint, {
      params: { id: 'c1' },
      json: { notes: 'x' },
      signal: giveUp.signal,
      timeoutMs: 60_000,
    });
    giveUp.abort(new Error('left the screen'));
    expect(await pending).toEqual({
      ok: false,
      failure: { kind: 'unreachable', message: 'left the screen' },
    });
  });
});

describe('a revalidation', () => {
  it('sends the ETag it holds and answers unchanged on a 304', async () => {
    const sent = stubServer(() => new Response(null, { status: 304 }));
    const outcome = await revalidate(ListContactsEndpoint, '"v1"', { token: 'access.token' });
    expect(outcome).toMatchObject({ ok: true, unchanged: true, status: 304 });
    expect(sent[0]?.headers.get('If-None-Match')).toBe('"v1"');
  });

  it('answers the new value in full when it changed, and sends no ETag when it holds none', async () => {
    const sent = stubServer(() => jsonResponse(200, [contact], { ETag: '"v2"' }));
    const outcome = await revalidate(ListContactsEndpoint, null);
    expect(outcome).toMatchObject({ ok: true, status: 200, value: [contact] });
    expect(sent[0]?.headers.has('If-None-Match')).toBe(false);
  });
});

describe('files that are no API endpoint', () => {
  it('reads a JSON file with its parser, and tells a server that answers from one that does not', async () => {
    stubServer(({ path }) =>
      path === '/style.json' ? jsonResponse(200, { version: 8 }) : new Response('gone', { status: 404 }),
    );

    const style = await getJson('https://tiles.example.test/style.json', {
      parse: (body) => (typeof body === 'object' && body !== null ? body : null),
    });

    expect(style).toMatchObject({ ok: true, value: { version: 8 } });
    expect(await isAnswering('https://tiles.example.test/style.json')).toBe(true);
    expect(await isAnswering('https://tiles.example.test/0/0/0.pbf')).toBe(false);
  });
});
