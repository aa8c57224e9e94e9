// What a session keeps of the client that signed in: device class, OS and browser families from the user
// agent (bowser, MIT), and the country of its address. The address itself goes no further than this file.
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { DeviceClass } from '../../../contract/admin-analytics';

export interface SessionClient {
  device: DeviceClass;
  os: string;
  browser: string;
  country: string | null;
}

const UNKNOWN = 'Unknown';
/** Family names only, never versions or models (research/wave2.md §1.3, user-agent reduction). */
const MAX_FAMILY_LENGTH = 40;

function deviceClass(platformType: string | undefined): DeviceClass {
  return platformType === 'mobile' || platformType === 'tablet' || platformType === 'desktop'
    ? platformType
    : UNKNOWN;
}

function family(name: string | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, MAX_FAMILY_LENGTH) : UNKNOWN;
}

export function describeUserAgent(userAgent: string | undefined): Omit<SessionClient, 'country'> {
  // Bowser refuses an empty string; no user agent says nothing about the device.
  if (!userAgent?.trim()) return { device: UNKNOWN, os: UNKNOWN, browser: UNKNOWN };
  const parsed = Bowser.parse(userAgent);
  return {
    device: deviceClass(parsed.platform.type),
    os: family(parsed.os.name),
    browser: family(parsed.browser.name),
  };
}

/** The client of a sign-in request: its user agent described and its address (under TRUST_PROXY) as a country. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  return {
    ...describeUserAgent(request.headers['user-agent']),
    country: request.server.ctx.ipCountry.countryOf(request.ip),
  };
}
