// A GET that a cached resource revalidates (src/db/cached-resources.ts): the stored copy's ETag goes as
// If-None-Match, a 304 says it still holds, anything else is parsed with the contract's schema.

import type { z } from 'zod';
import { successStatus } from '../../contract/endpoint';
import {
  type CachedResourceDefinition,
  defineCachedResource,
  type ResourceFetch,
} from '../db/cached-resources';
import { type MemberEndpoint, revalidateAsMember, type SuccessAnswer } from './client';

/** An endpoint a screen reads: a GET without path parameters, answering a body. */
type ReadEndpoint = MemberEndpoint & { method: 'GET'; params?: undefined };

/** The query a resource is read with (analytics of one range): part of what the resource is. */
export type ResourceQuery = Record<string, string>;

interface ResourceOptions {
  query?: ResourceQuery;
}

/**
 * The browser's HTTP cache is bypassed: the Dexie copy is the one that decides what is fresh. Endpoints
 * that send no ETag simply answer in full each time.
 */
export async function fetchResource<E extends ReadEndpoint>(
  endpoint: E,
  etag: string | null,
  query?: ResourceQuery,
): Promise<ResourceFetch<SuccessAnswer<E>>> {
  const answer = await revalidateAsMember(endpoint, etag, { query, cache: 'no-store' });
  if ('unchanged' in answer) return { status: 'unchanged' };
  return { status: 'changed', value: answer.value, etag: answer.headers.get('ETag') };
}

/**
 * A cached resource read from one GET endpoint, its schema the endpoint's success answer: one line per
 * resource, e.g. `endpointResource('analytics', GetAnalyticsEndpoint, ANALYTICS_LIFETIME_MS)`.
 */
export function endpointResource<E extends ReadEndpoint>(
  name: string,
  endpoint: E,
  lifetimeMs: number,
  { query }: ResourceOptions = {},
): CachedResourceDefinition<SuccessAnswer<E>> {
  const schema = endpoint.responses[successStatus(endpoint)];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} answers no body to cache`);
  return defineCachedResource({
    name,
    // The schema is the one SuccessAnswer<E> is inferred from.
    schema: schema as z.ZodType<SuccessAnswer<E>>,
    lifetimeMs,
    fetch: (etag) => fetchResource(endpoint, etag, query),
  });
}
