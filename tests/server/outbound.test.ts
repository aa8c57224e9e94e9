// The outbound guard on its own: which addresses the server may call, and that every hop of a redirect is
// checked when the connection is made. The servers here are stand-ins on loopback, which the guard
// refuses unless the test lists them in the allow list, as an operator would for an intranet host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOutboundAllowEntry, outboundDestinations } from '../../server/platform/outbound/destinations';
import { OutboundRefusedError, outboundFetch } from '../../server/platform/outbound/outbound-fetch';
import { type LoopbackServer, startLoopbackServer } from '../support/loopback-server';

describe('outbound destinations', () => {
  const none = outboundDestinations([]);

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
  ])('refuses %s, a %s address', (address, range) => {
    expect(none.refusalOf('feeds.example', address)).toBe(
      `feeds.example is ${address.replace('::ffff:', '')}, a ${range} address: list it in OUTBOUND_ALLOW_HOSTS to allow it`,
    );
  });

  it('lets public addresses through, and what OUTBOUND_ALLOW_HOSTS lists by address, range or name', () => {
    expect(none.refusalOf('feeds.example', '93.184.215.14')).toBeUndefined();
    expect(none.refusalOf('feeds.example', '2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBeUndefined();
    const listed = outboundDestinations(['10.0.0.0/8', '127.0.0.1', 'Intranet.Example']);
    expect(listed.refusalOf('wiki.lan', '10.20.30.40')).toBeUndefined();
    expect(listed.refusalOf('localhost', '127.0.0.1')).toBeUndefined();
    expect(listed.refusalOf('localhost', '127.0.0.2')).toMatch(/a loopback address/);
    expect(listed.refusalOf('intranet.example', '192.168.1.1')).toBeUndefined();
    expect(listed.refusalOf('other.example', '192.168.1.1')).toMatch(/a private address/);
  });

  it('reads allow-list entries as addresses, CIDRs or host names, and nothing else', () => {
    for (const entry of ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'llm.internal', 'localhost'])
      expect(isOutboundAllowEntry(entry)).toBe(true);
    for (const entry of ['http://x', '10.0.0.0/99', 'a b', '-bad.example', '*'])
      expect(isOutboundAllowEntry(entry)).toBe(false);
  });
});

describe('outbound fetches', () => {
  let site: LoopbackServer;
  beforeAll(async () => {
    site = await startLoopbackServer();
  });
  afterAll(async () => {
    await site.close();
  });
  const get = (url: string, allowHosts: string[], maxRedirects = 3) =>
    outboundFetch(outboundDestinations(allowHosts), url, {
      signal: AbortSignal.timeout(5_000),
      maxBytes: 1_000,
      maxRedirects,
    });

  it('refuses a loopback server nobody listed, by address or by a name resolving to it, before connecting', async () => {
    site.on('/unlisted', { body: 'secret' });
    await expect(get(site.url('/unlisted'), [])).rejects.toThrow(OutboundRefusedError);
    const byName = site.url('/unlisted').replace('127.0.0.1', 'localhost');
    await expect(get(byName, [])).rejects.toThrow(
      /^Refused: localhost is (127\.0\.0\.1|::1), a loopback address/,
    );
    expect(site.requests('/unlisted')).toHaveLength(0);
  });

  it('refuses a redirect from an allowed host to another loopback address or a metadata address', async () => {
    const port = new URL(site.url('/')).port;
    for (const target of [
      `http://127.0.0.2:${port}/internal-admin`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/internal-admin`,
    ]) {
      site.on('/moved', { status: 302, headers: { location: target } });
      const refused = get(site.url('/moved'), ['127.0.0.1']);
      await expect(refused).rejects.toThrow(OutboundRefusedError);
      await expect(refused).rejects.toThrow(/^Refused: .* address: list it in OUTBOUND_ALLOW_HOSTS/);
    }
    expect(site.requests('/internal-admin')).toHaveLength(0);
  });

  it('follows a few redirects between allowed hosts, and no more', async () => {
    site.on('/hop-1', { status: 301, headers: { location: '/hop-2' } });
    site.on('/hop-2', { status: 307, headers: { location: '/feed' } });
    site.on('/feed', { body: 'the feed' });
    const answer = await get(site.url('/hop-1'), ['127.0.0.1']);
    expect(answer).toMatchObject({ status: 200, body: 'the feed', url: site.url('/feed') });
    await expect(get(site.url('/hop-1'), ['127.0.0.1'], 1)).rejects.toThrow('More than 1 redirects');
  });

  it('reads no body over the size limit', async () => {
    site.on('/big', { body: 'x'.repeat(2_000) });
    expect((await get(site.url('/big'), ['127.0.0.1'])).body).toBeNull();
  });
});
