// Every endpoint of the API, by area: the table /api/openapi.json and /api/docs are generated from.
import { addSomeoneEndpoints } from './add-someone';
import { adminAnalyticsEndpoints } from './admin-analytics';
import { analyticsEndpoints } from './analytics';
import { appPasswordEndpoints } from './app-passwords';
import { authEndpoints } from './auth';
import { cardEndpoints } from './card';
import { cardCopyEndpoints } from './card-copies';
import { contactEndpoints } from './contacts';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { insightEndpoints } from './insights';
import { invitationEndpoints } from './invitations';
import { mapEndpoints } from './map';
import { operatorEndpointList } from './operators';
import { pageViewEndpoints } from './page-views';
import { referenceEndpoints } from './reference';
import { securityEndpoints } from './security';
import { sessionEndpoints } from './sessions';
import { sharedDetailsEndpoints } from './shared-details';
import { supportEndpoints } from './support';
import { unsubscribeEndpoints } from './unsubscribe';
import { userEndpoints } from './user';
import { walletEndpoints } from './wallet';
import { webhookEndpoints } from './webhooks';

export interface ApiArea {
  name: string;
  description: string;
  endpoints: readonly Endpoint[];
}

export const apiAreas: readonly ApiArea[] = [
  {
    name: 'Auth',
    description: 'Registration, verification, sign-in, tokens, password reset.',
    endpoints: authEndpoints,
  },
  {
    name: 'User',
    description: 'The signed-in member’s account, card link, Wallet pass, settings, export.',
    endpoints: [...userEndpoints, ...walletEndpoints],
  },
  {
    name: 'Contacts',
    description: 'The member’s saved contacts.',
    endpoints: [...contactEndpoints, ...addSomeoneEndpoints],
  },
  {
    name: 'Contacts in other apps',
    description:
      'App passwords for the CardDAV address book (served at /carddav/, found through /.well-known/carddav) and signed webhooks.',
    endpoints: [...appPasswordEndpoints, ...webhookEndpoints],
  },
  {
    name: 'Insights',
    description: 'Insight preferences, personalised events and news digests.',
    endpoints: insightEndpoints,
  },
  { name: 'Maps', description: 'The basemap the maps draw.', endpoints: mapEndpoints },
  { name: 'Invitations', description: 'Invitations between members.', endpoints: invitationEndpoints },
  {
    name: 'Cards',
    description:
      'The public side of a card (its visitors sharing their details back, taking the card away), and issuing cards.',
    endpoints: [...cardEndpoints, ...sharedDetailsEndpoints, ...cardCopyEndpoints],
  },
  { name: 'Operators', description: 'Admin and security sign-in.', endpoints: operatorEndpointList },
  {
    name: 'Security',
    description:
      'Threat events, blocked addresses, allowlist, rule modes and the audit log (security operators).',
    endpoints: securityEndpoints,
  },
  {
    name: 'Member analytics',
    description:
      'What the member’s card and network did: summary, countries, companies, roles, engagement, funnel, export.',
    endpoints: analyticsEndpoints,
  },
  {
    name: 'Admin analytics',
    description:
      'The admin dashboard’s figures (members, sessions, growth, countries, devices, cards) and their CSV.',
    endpoints: adminAnalyticsEndpoints,
  },
  {
    name: 'Support',
    description:
      'The admin’s support tools: find a member, resend a code, unlink or replace a card, disable an account.',
    endpoints: supportEndpoints,
  },
  {
    name: 'Sessions',
    description: 'The heartbeat that keeps a visible app’s member online.',
    endpoints: sessionEndpoints,
  },
  { name: 'Page views', description: 'Navigation counts from the shell.', endpoints: pageViewEndpoints },
  {
    name: 'Unsubscribe',
    description: 'The “never e-mail me again” link in mail to people who are not members.',
    endpoints: unsubscribeEndpoints,
  },
  { name: 'Health', description: 'For load balancers and uptime checks.', endpoints: healthEndpoints },
  { name: 'Reference', description: 'This API described.', endpoints: referenceEndpoints },
];
