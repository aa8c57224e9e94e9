// The detection case table: a request in, the event and severity expected out (or none of the given
// type), go-ftw style (positive cases `expect`, negative cases `absent`). Run by security-cases.test.ts.
import type { SecurityEventType, Severity } from '../../contract/security';

export interface SecurityCase {
  name: string;
  request: {
    method?: 'GET' | 'POST' | 'PUT' | 'HEAD';
    url: string;
    userAgent?: string | null;
    body?: unknown;
    /** Sent as a signed-in member (bodies of signed-in requests are never inspected). */
    asMember?: boolean;
    /** Sent with a bearer token that is not valid. */
    badToken?: boolean;
    /** Raw payload with this content type (for unreadable bodies). */
    rawBody?: { contentType: string; payload: string };
    /** Sent with an operator's token. */
    asOperator?: 'admin' | 'security';
    /** A sign-in with the right credentials of a member or the security operator (url and body ignored). */
    signIn?: 'member' | 'security';
    /** Sent this many times (distinct paths get `{n}` replaced). */
    times?: number;
    /**
     * `{secureCard}` in the URL is a secure card of the suite; `{tap}` a fresh tap of its tag, `{replayedTap}`
     * one verified before, `{forgedTap}` one with a wrong MAC, `{otherTagTap}` one of another tag holding
     * the same keys, `{farTap}` one 5,000 taps past the last (security-cases.test.ts makes them).
     */
  };
  /** What must be recorded… */
  expect?: { eventType: SecurityEventType; severity: Severity };
  /** …or which event types must not be. */
  absent?: SecurityEventType[];
  /** The status the client must see, when it matters. */
  status?: number;
}

export const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const LINKEDIN = 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)';
/** Outlook's check of every link in a mail before anyone reads it. */
const OUTLOOK = 'Mozilla/5.0 (compatible; Microsoft Office/16.0; Microsoft Outlook 16.0.17928; Pro)';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

const ALL_INJECTION: SecurityEventType[] = ['SQL_INJECTION_ATTEMPT', 'XSS_ATTEMPT'];

export const SECURITY_CASES: SecurityCase[] = [
  // SENSITIVE_FILE_ACCESS
  {
    name: '/.env is critical and a 404',
    request: { url: '/.env' },
    expect: { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL' },
    status: 404,
  },
  {
    name: '/.git/config',
    request: { url: '/.git/config' },
    expect: { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL' },
    status: 404,
  },
  {
    name: 'wp-config.php',
    request: { url: '/wp-config.php.bak' },
    expect: { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'HIGH' },
    status: 404,
  },
  {
    name: 'encoded /%2eenv',
    request: { url: '/%2eenv' },
    expect: { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL' },
    status: 404,
  },
  {
    name: '/package.json',
    request: { url: '/package.json' },
    expect: { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'HIGH' },
  },
  {
    name: 'the manifest is not a secret',
    request: { url: '/manifest.webmanifest', userAgent: BROWSER },
    absent: ['SENSITIVE_FILE_ACCESS'],
  },
  {
    name: '.well-known is public',
    request: { url: '/.well-known/security.txt', userAgent: BROWSER },
    absent: ['SENSITIVE_FILE_ACCESS'],
  },
  {
    name: 'a contact called Env',
    request: { url: '/api/contact?search=.env', userAgent: BROWSER, asMember: true },
    absent: ['SENSITIVE_FILE_ACCESS'],
  },

  // SCANNER_DETECTED
  {
    name: 'sqlmap',
    request: { url: '/api/health', userAgent: 'sqlmap/1.7.2#stable (https://sqlmap.org)' },
    expect: { eventType: 'SCANNER_DETECTED', severity: 'HIGH' },
  },
  {
    name: 'nuclei with a payload is critical',
    request: {
      url: '/.git/config',
      userAgent: 'Mozilla/5.0 Nuclei - Open-source project (github.com/projectdiscovery/nuclei)',
    },
    expect: { eventType: 'SCANNER_DETECTED', severity: 'CRITICAL' },
  },
  {
    name: 'nikto',
    request: { url: '/', userAgent: 'Mozilla/5.00 (Nikto/2.1.6) (Evasions:None) (Test:000003)' },
    expect: { eventType: 'SCANNER_DETECTED', severity: 'HIGH' },
  },
  {
    name: 'a browser is no scanner',
    request: { url: '/', userAgent: BROWSER },
    absent: ['SCANNER_DETECTED'],
  },

  // MALICIOUS_BOT_DETECTED
  {
    name: 'a bot probing for secrets',
    request: { url: '/.aws/credentials', userAgent: 'Mozilla/5.0 (compatible; Baiduspider/2.0)' },
    expect: { eventType: 'MALICIOUS_BOT_DETECTED', severity: 'HIGH' },
  },
  {
    name: 'a bot bursting through missing paths',
    request: { url: '/api/nope-{n}', userAgent: 'Mozilla/5.0 (compatible; SemrushBot/7~bl)', times: 11 },
    expect: { eventType: 'MALICIOUS_BOT_DETECTED', severity: 'HIGH' },
  },
  {
    name: 'Googlebot on a card page',
    request: {
      url: '/nfc/TAP-0001',
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    },
    absent: ['MALICIOUS_BOT_DETECTED'],
  },

  // HIGH_RISK_BOT_BEHAVIOR / MEDIUM_RISK_BOT_BEHAVIOR
  {
    name: '11 missing paths in 10 s',
    request: { url: '/api/missing-{n}', userAgent: BROWSER, times: 11 },
    expect: { eventType: 'HIGH_RISK_BOT_BEHAVIOR', severity: 'HIGH' },
  },
  {
    name: '10 missing paths in 10 s',
    request: { url: '/api/gone-{n}', userAgent: BROWSER, times: 10 },
    absent: ['HIGH_RISK_BOT_BEHAVIOR'],
  },
  {
    name: '21 missing paths',
    request: { url: '/api/lost-{n}', userAgent: BROWSER, times: 21 },
    expect: { eventType: 'MEDIUM_RISK_BOT_BEHAVIOR', severity: 'MEDIUM' },
  },
  {
    name: 'a member’s own 404s never count',
    request: {
      url: '/api/contact/00000000-0000-4000-8000-00000000000{n}',
      userAgent: BROWSER,
      asMember: true,
      times: 9,
    },
    absent: ['MEDIUM_RISK_BOT_BEHAVIOR', 'HIGH_RISK_BOT_BEHAVIOR'],
  },
  {
    name: '11 missing paths in 10 s under /api/admin: paths with no route are missing ones in the operators’ areas too',
    request: { url: '/api/admin/missing-{n}', userAgent: BROWSER, times: 11 },
    expect: { eventType: 'HIGH_RISK_BOT_BEHAVIOR', severity: 'HIGH' },
  },
  {
    name: 'a missing path under /api/security is no unauthorised access',
    request: { url: '/api/security/missing', userAgent: BROWSER },
    absent: ['UNAUTHORIZED_ACCESS'],
    status: 404,
  },
  {
    name: 'an operator’s own 404s in their area never count',
    request: { url: '/api/security/missing-{n}', asOperator: 'security', userAgent: BROWSER, times: 11 },
    absent: ['HIGH_RISK_BOT_BEHAVIOR', 'UNAUTHORIZED_ACCESS'],
  },
  {
    name: 'missing icons are the browser’s',
    request: { url: '/icons/icon-{n}.png', userAgent: BROWSER, times: 25 },
    absent: ['MEDIUM_RISK_BOT_BEHAVIOR', 'HIGH_RISK_BOT_BEHAVIOR'],
  },
  {
    name: 'an expired session’s 401s',
    request: { url: '/api/contact?page={n}', userAgent: BROWSER, badToken: true, times: 25 },
    absent: ['MEDIUM_RISK_BOT_BEHAVIOR', 'HIGH_RISK_BOT_BEHAVIOR'],
  },

  // SUSPICIOUS_USER_AGENT
  {
    name: 'no user agent',
    request: { url: '/api/nfc/TAP-1', userAgent: null },
    expect: { eventType: 'SUSPICIOUS_USER_AGENT', severity: 'MEDIUM' },
  },
  {
    name: 'python-requests',
    request: { url: '/', userAgent: 'python-requests/2.31.0' },
    expect: { eventType: 'SUSPICIOUS_USER_AGENT', severity: 'LOW' },
  },
  {
    name: 'curl on the health check',
    request: { url: '/api/health', userAgent: 'curl/8.5.0' },
    absent: ['SUSPICIOUS_USER_AGENT'],
  },
  {
    name: 'a phone browser',
    request: {
      url: '/contacts',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    },
    absent: ['SUSPICIOUS_USER_AGENT'],
  },

  // MALICIOUS_URL_PATTERN
  {
    name: 'traversal',
    request: { url: '/assets/..%2f..%2fetc%2fhosts' },
    expect: { eventType: 'MALICIOUS_URL_PATTERN', severity: 'HIGH' },
    status: 404,
  },
  {
    name: 'encoded NUL',
    request: { url: '/api/nfc/abc%00.png' },
    expect: { eventType: 'MALICIOUS_URL_PATTERN', severity: 'HIGH' },
  },
  {
    name: 'Vite /@fs/',
    request: { url: '/@fs/etc/passwd?raw??' },
    expect: { eventType: 'MALICIOUS_URL_PATTERN', severity: 'HIGH' },
  },
  {
    name: 'wp-admin',
    request: { url: '/wp-admin/setup-config.php' },
    expect: { eventType: 'MALICIOUS_URL_PATTERN', severity: 'HIGH' },
  },
  {
    name: 'a hashed asset with dots',
    request: { url: '/assets/jquery.nivo.slider.pack-Bx1.js', userAgent: BROWSER },
    absent: ['MALICIOUS_URL_PATTERN'],
  },
  {
    name: 'utm parameters',
    request: { url: '/nfc/TAP-2?utm_source=whatsapp&fbclid=IwAR0x..y', userAgent: BROWSER },
    absent: ['MALICIOUS_URL_PATTERN', ...ALL_INJECTION],
  },

  // SUSPICIOUS_FILE_EXTENSION
  {
    name: '.php',
    request: { url: '/index.php' },
    expect: { eventType: 'SUSPICIOUS_FILE_EXTENSION', severity: 'MEDIUM' },
    status: 404,
  },
  {
    name: '.bak',
    request: { url: '/app.js.bak' },
    expect: { eventType: 'SUSPICIOUS_FILE_EXTENSION', severity: 'MEDIUM' },
  },
  {
    name: 'the vCard download',
    request: { url: '/api/nfc/TAP-3/vcard', userAgent: BROWSER },
    absent: ['SUSPICIOUS_FILE_EXTENSION'],
  },

  // LEGITIMATE_BOT_ACCESS
  {
    name: 'WhatsApp unfurls a card',
    request: { url: '/nfc/TAP-0001', userAgent: WHATSAPP },
    expect: { eventType: 'LEGITIMATE_BOT_ACCESS', severity: 'LOW' },
  },
  {
    name: 'Slack unfurls a card',
    request: { url: '/display-card/TAP-0001', userAgent: SLACK },
    expect: { eventType: 'LEGITIMATE_BOT_ACCESS', severity: 'LOW' },
  },
  {
    name: 'LinkedIn unfurls a card, many times, and is never blocked',
    request: { url: '/nfc/TAP-00{n}', userAgent: LINKEDIN, times: 40 },
    expect: { eventType: 'LEGITIMATE_BOT_ACCESS', severity: 'LOW' },
    absent: ['IP_BLOCKED', 'HIGH_RISK_BOT_BEHAVIOR', 'MALICIOUS_BOT_DETECTED', 'SUSPICIOUS_USER_AGENT'],
  },
  {
    name: 'Facebook unfurls a card',
    request: { url: '/my-display-card/TAP-0001', userAgent: FACEBOOK },
    expect: { eventType: 'LEGITIMATE_BOT_ACCESS', severity: 'LOW' },
    absent: ['SUSPICIOUS_FILE_EXTENSION', 'MALICIOUS_BOT_DETECTED'],
  },
  {
    name: 'Outlook checks the unsubscribe link of a mail',
    request: {
      method: 'HEAD',
      url: '/api/unsubscribe/Ab--cd_ef-1-2-3xyzABCDEFGHIJKLMNOPQRSTUVWXY',
      userAgent: OUTLOOK,
    },
    absent: ['SCANNER_DETECTED', 'MALICIOUS_BOT_DETECTED', 'SUSPICIOUS_USER_AGENT', 'IP_BLOCKED'],
  },
  {
    name: 'a person opens a card',
    request: { url: '/nfc/TAP-0001', userAgent: BROWSER },
    absent: ['LEGITIMATE_BOT_ACCESS'],
  },

  // SQL_INJECTION_ATTEMPT
  {
    name: "' OR 1=1 in the query",
    request: { url: "/api/nfc/x?id=1'%20OR%201=1--%20" },
    expect: { eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH' },
  },
  {
    name: 'UNION SELECT',
    request: { url: '/api/contact?q=1%20UNION%20SELECT%20password%20FROM%20users' },
    expect: { eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH' },
  },
  {
    name: 'an anonymous body',
    request: { method: 'POST', url: '/api/auth/forgot-password', body: { email: "x' OR '1'='1" } },
    expect: { eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH' },
  },
  {
    name: 'O’Brien, Drop Table Ltd, 1=1 meeting',
    request: {
      method: 'POST',
      url: '/api/auth/register',
      userAgent: BROWSER,
      body: {
        name: "Seán O'Brien",
        email: 'obrien@example.com',
        company: 'Drop Table Ltd',
        notes: "1=1 meeting; select comfort from the O'Reilly shop -- see you",
      },
    },
    absent: ALL_INJECTION,
  },
  {
    name: 'a member’s notes are not read',
    request: {
      method: 'POST',
      url: '/api/contact/create',
      asMember: true,
      userAgent: BROWSER,
      body: { notes: "'; DROP TABLE contacts; --" },
    },
    absent: ALL_INJECTION,
  },

  // XSS_ATTEMPT
  {
    name: '<script> in the query',
    request: { url: '/nfc/TAP-1?x=%3Cscript%3Ealert(1)%3C/script%3E' },
    expect: { eventType: 'XSS_ATTEMPT', severity: 'HIGH' },
  },
  {
    name: 'an onerror handler in a body',
    request: {
      method: 'POST',
      url: '/api/auth/forgot-password',
      body: { email: '<img src=x onerror=alert(document.cookie)>' },
    },
    expect: { eventType: 'XSS_ATTEMPT', severity: 'HIGH' },
  },
  {
    // Nobody signs in to leave the mailing: the page's form post is an anonymous body (base64url
    // tokens have "--" and "_" in them).
    name: 'the unsubscribe page’s form post',
    request: {
      url: '/api/unsubscribe/Ab--cd_ef-1-2-3xyzABCDEFGHIJKLMNOPQRSTUVWXY',
      userAgent: BROWSER,
      rawBody: { contentType: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=One-Click' },
    },
    absent: [...ALL_INJECTION, 'MALFORMED_REQUEST', 'SUSPICIOUS_USER_AGENT'],
  },
  {
    name: '<3 and a < b',
    request: {
      method: 'POST',
      url: '/api/auth/register',
      userAgent: BROWSER,
      body: { name: 'Ana <3 Tapnet', company: 'A < B & C > D', email: 'ana@example.com' },
    },
    absent: ALL_INJECTION,
  },

  // MALFORMED_REQUEST
  {
    name: 'unreadable JSON',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      rawBody: { contentType: 'application/json', payload: '{"email":' },
    },
    expect: { eventType: 'MALFORMED_REQUEST', severity: 'LOW' },
    status: 400,
  },
  {
    name: 'bad percent-encoding',
    request: { url: '/nfc/%E0%A4%A' },
    expect: { eventType: 'MALFORMED_REQUEST', severity: 'LOW' },
  },
  {
    name: 'a member’s validation error',
    request: {
      method: 'POST',
      url: '/api/contact/create',
      asMember: true,
      userAgent: BROWSER,
      body: { nope: true },
    },
    absent: ['MALFORMED_REQUEST'],
  },

  // RATE_LIMIT_EXCEEDED
  {
    name: 'sign-in over its limit',
    request: {
      method: 'POST',
      url: '/api/security/login',
      userAgent: BROWSER,
      body: { email: 'x@example.com', password: 'x' },
      times: 21,
    },
    expect: { eventType: 'RATE_LIMIT_EXCEEDED', severity: 'MEDIUM' },
  },
  {
    name: 'a few sign-ins',
    request: {
      method: 'POST',
      url: '/api/admin/login',
      userAgent: BROWSER,
      body: { email: 'x@example.com', password: 'x' },
      times: 3,
    },
    absent: ['RATE_LIMIT_EXCEEDED'],
  },

  // LOGIN_ATTEMPT / LOGIN_SUCCESS / LOGIN_FAILURE / ADMIN_LOGIN
  {
    name: 'a sign-in is an attempt',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      userAgent: BROWSER,
      body: { email: 'nobody@example.com', password: 'x' },
    },
    expect: { eventType: 'LOGIN_ATTEMPT', severity: 'LOW' },
  },
  {
    name: 'a wrong password',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      userAgent: BROWSER,
      body: { email: 'nobody@example.com', password: 'x' },
    },
    expect: { eventType: 'LOGIN_FAILURE', severity: 'LOW' },
  },
  {
    name: 'five wrong passwords',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      userAgent: BROWSER,
      body: { email: 'nobody@example.com', password: 'x' },
      times: 5,
    },
    expect: { eventType: 'LOGIN_FAILURE', severity: 'MEDIUM' },
  },
  {
    name: 'a wrong operator password',
    request: {
      method: 'POST',
      url: '/api/admin/login',
      userAgent: BROWSER,
      body: { email: 'nobody@example.com', password: 'x' },
    },
    expect: { eventType: 'LOGIN_FAILURE', severity: 'LOW' },
  },
  {
    name: 'a look at an operator sign-in’s address is no sign-in',
    request: { url: '/api/security/login', userAgent: BROWSER },
    absent: ['LOGIN_ATTEMPT', 'LOGIN_FAILURE', 'UNAUTHORIZED_ACCESS'],
  },
  {
    name: 'a registration is no sign-in',
    request: { method: 'POST', url: '/api/auth/register', userAgent: BROWSER, body: { name: 'X' } },
    absent: ['LOGIN_ATTEMPT', 'LOGIN_FAILURE', 'LOGIN_SUCCESS', 'ADMIN_LOGIN'],
  },

  // UNAUTHORIZED_ACCESS
  {
    name: 'the dashboard without a token',
    request: { url: '/api/security/dashboard', userAgent: BROWSER },
    expect: { eventType: 'UNAUTHORIZED_ACCESS', severity: 'MEDIUM' },
    status: 401,
  },
  {
    name: 'admin cards with a bad token',
    request: { url: '/api/admin/cards/export', userAgent: BROWSER, badToken: true },
    expect: { eventType: 'UNAUTHORIZED_ACCESS', severity: 'MEDIUM' },
  },
  {
    name: 'a member’s own area',
    request: { url: '/api/contact', userAgent: BROWSER, asMember: true },
    absent: ['UNAUTHORIZED_ACCESS'],
  },
  {
    name: 'a member signs in',
    request: { url: '', signIn: 'member', userAgent: BROWSER },
    expect: { eventType: 'LOGIN_SUCCESS', severity: 'LOW' },
  },
  {
    name: 'a wrong password is no success',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      userAgent: BROWSER,
      body: { email: 'nobody@example.com', password: 'x' },
    },
    absent: ['LOGIN_SUCCESS'],
  },
  {
    name: 'the security operator signs in',
    request: { url: '', signIn: 'security', userAgent: BROWSER },
    expect: { eventType: 'ADMIN_LOGIN', severity: 'LOW' },
  },
  {
    name: 'a member’s sign-in is no operator’s',
    request: { url: '', signIn: 'member', userAgent: BROWSER },
    absent: ['ADMIN_LOGIN'],
  },

  // ADMIN_ACTION
  {
    name: 'an admin issues cards',
    request: {
      method: 'POST',
      url: '/api/admin/cards',
      asOperator: 'admin',
      userAgent: BROWSER,
      body: { count: 1 },
    },
    expect: { eventType: 'ADMIN_ACTION', severity: 'MEDIUM' },
  },
  {
    name: 'an admin reads',
    request: { url: '/api/admin/cards/export', asOperator: 'admin', userAgent: BROWSER },
    absent: ['ADMIN_ACTION', 'UNAUTHORIZED_ACCESS'],
  },

  // IP_BLOCKED
  {
    name: 'a scanner is blocked at once',
    request: { url: '/', userAgent: 'gobuster/3.6' },
    expect: { eventType: 'IP_BLOCKED', severity: 'HIGH' },
    status: 403,
  },
  {
    name: 'a person is not',
    request: { url: '/api/nfc/TAP-9', userAgent: BROWSER, times: 30 },
    absent: ['IP_BLOCKED'],
  },

  // CARD_REPLAY, CARD_INVALID_SIGNATURE, CARD_UID_MISMATCH, CARD_CLONE_SUSPECTED (secure cards)
  {
    name: 'a secure card’s tap opened again',
    request: { url: '/api/nfc/{secureCard}?{replayedTap}', userAgent: BROWSER },
    expect: { eventType: 'CARD_REPLAY', severity: 'MEDIUM' },
    status: 200,
  },
  {
    name: 'a secure card’s tap with a wrong MAC',
    request: { url: '/api/nfc/{secureCard}?{forgedTap}', userAgent: BROWSER },
    expect: { eventType: 'CARD_INVALID_SIGNATURE', severity: 'HIGH' },
    status: 200,
  },
  {
    name: 'a tap signed with the card’s keys on another tag',
    request: { url: '/api/nfc/{secureCard}?{otherTagTap}', userAgent: BROWSER },
    expect: { eventType: 'CARD_UID_MISMATCH', severity: 'HIGH' },
  },
  {
    name: 'a tap 5,000 past the card’s last',
    request: { url: '/api/nfc/{secureCard}?{farTap}', userAgent: BROWSER },
    expect: { eventType: 'CARD_CLONE_SUSPECTED', severity: 'HIGH' },
  },
  {
    name: 'a fresh tap of a secure card',
    request: { url: '/api/nfc/{secureCard}?{tap}', userAgent: BROWSER },
    absent: ['CARD_REPLAY', 'CARD_INVALID_SIGNATURE', 'CARD_UID_MISMATCH', 'CARD_CLONE_SUSPECTED'],
  },
  {
    name: 'a secure card’s own URL, without a tap',
    request: { url: '/api/nfc/{secureCard}', userAgent: BROWSER },
    absent: ['CARD_REPLAY', 'CARD_INVALID_SIGNATURE', 'CARD_UID_MISMATCH', 'CARD_CLONE_SUSPECTED'],
  },

  // SUSPICIOUS_IP_MARKED
  {
    name: 'five events in a day',
    request: { url: '/api/nfc/TAP-{n}', userAgent: 'python-requests/2.31.0', times: 5 },
    expect: { eventType: 'SUSPICIOUS_IP_MARKED', severity: 'MEDIUM' },
  },
  {
    name: 'four events in a day',
    request: { url: '/api/nfc/TAP-{n}', userAgent: 'python-requests/2.31.0', times: 4 },
    absent: ['SUSPICIOUS_IP_MARKED'],
  },
];
