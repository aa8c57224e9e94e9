// The API reference is generated from the contract and must cover every /api route the server has.
import { expect, it } from 'vitest';
import { apiAreas } from '../../contract/api';
import type { ErrorResponse } from '../../contract/errors';
import { openApiPath } from '../../server/modules/api-docs/openapi';
import { describeOnEachDatabase, json } from './helpers';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describeOnEachDatabase('the API reference', (t) => {
  it('lists every registered /api route in /api/openapi.json', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = json<OpenApiDocument>(response);
    expect(document.openapi).toBe('3.1.0');

    const registered = t()
      .app.registeredRoutes.filter(({ url }) => url.startsWith('/api/'))
      // Modules register the contract's full paths, so each route is registered once, as declared.
      .map(({ method, url }) => `${method} ${openApiPath(url)}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(30);
    expect([...new Set(registered)].filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('documents the error codes an endpoint answers with their status', async () => {
    const document = json<OpenApiDocument>(await t().app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const save = document.paths['/api/contact/create']?.post;
    expect(Object.keys(save?.responses ?? {}).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      '410',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    expect(JSON.stringify(save?.responses['400'])).toContain('CONTACT_EXISTS');
    expect(document.paths['/api/contact/{id}']).toHaveProperty('put');
  });

  it('serves a readable reference page that needs no script and passes the CSP', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<code>/api/contact/:id</code>');
    expect(response.body).toContain('CONTACT_EXISTS');
    expect(response.body).not.toContain('<script');
    const styleHash = String(response.headers['content-security-policy']).match(/'sha256-[^']+'/g) ?? [];
    const { createHash } = await import('node:crypto');
    const style = response.body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(styleHash).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('answers 401 UNAUTHORIZED without a token on every endpoint whose contract asks for one', async () => {
    // The guard comes from the endpoint's declared auth (server/platform/route.ts); this holds the
    // two together for every endpoint, present and future. Path parameters need no real value: the
    // guard answers before anything else looks at the request.
    const guarded = apiAreas
      .flatMap((area) => area.endpoints)
      .filter((endpoint) => endpoint.auth !== 'none' && endpoint.auth !== 'credentials');
    expect(guarded.length).toBeGreaterThan(50);
    const answers = [];
    for (const endpoint of guarded) {
      const response = await t().app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(/:[A-Za-z0-9_]+/g, 'x'),
      });
      const { code } = json<ErrorResponse>(response);
      answers.push(`${endpoint.method} ${endpoint.path} ${response.statusCode} ${code}`);
    }
    expect(answers).toEqual(
      guarded.map((endpoint) => `${endpoint.method} ${endpoint.path} 401 UNAUTHORIZED`),
    );
  });
});
