// /api/docs: the API reference as one server-rendered page, from the same table as the OpenAPI
// document. No script at all, and its one style element is allowed by hash, so the app's CSP holds.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ApiArea } from '../../../contract/api';
import { type Endpoint, errorCodesOf } from '../../../contract/endpoint';
import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from '../../../contract/errors';
import { jsonSchemaOf } from './openapi';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f4f4f6;padding:.75rem;overflow:auto;border-radius:6px}
section.endpoint{border-top:1px solid #ddd;padding:.5rem 0}h3{margin:.5rem 0;font-size:1rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700}table{border-collapse:collapse}
td,th{text-align:left;padding:.2rem .75rem .2rem 0;vertical-align:top}
table{display:block;max-width:100%;overflow-x:auto}`;

/** The CSP source that allows the page's style element. */
export const DOCS_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function schemaBlock(title: string, schema: z.ZodType | undefined, io: 'input' | 'output'): string {
  if (!schema || schema instanceof z.ZodVoid) return '';
  const json = JSON.stringify(jsonSchemaOf(schema, io), null, 2);
  return `<details><summary>${title}</summary><pre>${escapeHtml(json)}</pre></details>`;
}

function errorRows(codes: ErrorCode[]): string {
  return codes
    .map(
      (code) =>
        `<tr><td>${ERROR_STATUS[code]}</td><td><code>${code}</code></td><td>${escapeHtml(ERROR_MEANING[code])}</td></tr>`,
    )
    .join('');
}

const AUTH_LABEL: Record<Endpoint['auth'], string> = {
  none: 'Anyone',
  credentials: 'Anyone (credentials in the body; a 401 is never answered by a refresh)',
  member: 'A member’s bearer token',
  admin: 'An admin bearer token',
  security: 'A security bearer token',
};

function endpointSection(endpoint: Endpoint): string {
  const answers = Object.entries(endpoint.responses)
    .map(([status, schema]) =>
      endpoint.produces
        ? `<p>${status}: <code>${escapeHtml(endpoint.produces)}</code></p>`
        : schema instanceof z.ZodVoid
          ? `<p>${status}: no body</p>`
          : schemaBlock(`${status} answer`, schema, 'output'),
    )
    .join('');
  const codes = errorCodesOf(endpoint);
  return `<section class="endpoint" id="${escapeHtml(`${endpoint.method} ${endpoint.path}`)}">
<h3><span class="method">${endpoint.method}</span><code>${escapeHtml(endpoint.path)}</code></h3>
<p>${escapeHtml(endpoint.summary)}</p><p>Who: ${AUTH_LABEL[endpoint.auth]}</p>
${schemaBlock('Path parameters', endpoint.params, 'input')}${schemaBlock('Query', endpoint.query, 'input')}
${schemaBlock('Headers', endpoint.headers, 'input')}${schemaBlock('Body', endpoint.body, 'input')}${answers}
${codes.length > 0 ? `<table><tr><th>Status</th><th>Code</th><th>When</th></tr>${errorRows(codes)}</table>` : ''}
</section>`;
}

export function renderDocsPage(areas: readonly ApiArea[]): string {
  const allCodes = Object.keys(ERROR_STATUS) as ErrorCode[];
  const contents = areas
    .map((area) => `<li><a href="#${escapeHtml(area.name)}">${escapeHtml(area.name)}</a></li>`)
    .join('');
  const body = areas
    .map(
      (area) =>
        `<h2 id="${escapeHtml(area.name)}">${escapeHtml(area.name)}</h2><p>${escapeHtml(area.description)}</p>${area.endpoints.map(endpointSection).join('')}`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tapnet API</title><style>${STYLE}</style></head>
<body><main><h1>Tapnet API</h1>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Every error answer is
<code>{ "error": "…", "code": "…" }</code>, with <code>errors</code> listing the problems of a failed validation;
programs decide on <code>code</code>, people read <code>error</code>. Each endpoint lists every code it can answer, the
platform’s own included (a blocked address, a body that is not JSON, a database outage); a path called with a
method it does not take is answered 405 <code>METHOD_NOT_ALLOWED</code> with an <code>Allow</code> header.</p>
<nav><ul>${contents}<li><a href="#error-codes">Error codes</a></li></ul></nav>
${body}
<h2 id="error-codes">Error codes</h2>
<table><tr><th>Status</th><th>Code</th><th>When</th></tr>${errorRows(allCodes)}</table>
</main></body></html>`;
}
