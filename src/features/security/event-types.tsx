// How the dashboard names a security event type (insights-and-operators.md §3): an emoji-prefixed label
// for every type the server reports, the raw code for a type this app version does not know yet.
import type { SecurityEventType } from '../../../contract/security';

/** [emoji, words]: the emoji is a picture for the eye; screen readers read only the words. */
const EVENT_TYPE_LABELS: Readonly<Record<SecurityEventType, readonly [emoji: string, words: string]>> = {
  SENSITIVE_FILE_ACCESS: ['📁', 'Sensitive File Access'],
  MALICIOUS_BOT_DETECTED: ['🤖', 'Malicious Bot'],
  HIGH_RISK_BOT_BEHAVIOR: ['🚨', 'High-Risk Bot Behaviour'],
  MEDIUM_RISK_BOT_BEHAVIOR: ['⚠️', 'Medium-Risk Bot Behaviour'],
  SCANNER_DETECTED: ['🔍', 'Scanner Detected'],
  SUSPICIOUS_USER_AGENT: ['🕵️', 'Suspicious User Agent'],
  MALICIOUS_URL_PATTERN: ['🔗', 'Malicious URL Pattern'],
  SUSPICIOUS_FILE_EXTENSION: ['📄', 'Suspicious File Extension'],
  LEGITIMATE_BOT_ACCESS: ['✅', 'Legitimate Bot'],
  SUSPICIOUS_IP_MARKED: ['🏴', 'Suspicious IP Marked'],
  LOGIN_ATTEMPT: ['🔑', 'Login Attempt'],
  LOGIN_SUCCESS: ['🔓', 'Login Success'],
  LOGIN_FAILURE: ['❌', 'Login Failure'],
  ADMIN_LOGIN: ['👤', 'Operator Login'],
  ADMIN_ACTION: ['🛠️', 'Operator Action'],
  UNAUTHORIZED_ACCESS: ['🚫', 'Unauthorized Access'],
  RATE_LIMIT_EXCEEDED: ['⏱️', 'Rate Limit Exceeded'],
  IP_BLOCKED: ['⛔', 'IP Blocked'],
  XSS_ATTEMPT: ['💉', 'XSS Attempt'],
  SQL_INJECTION_ATTEMPT: ['🗄️', 'SQL Injection Attempt'],
  MALFORMED_REQUEST: ['🧩', 'Malformed Request'],
  CARD_REPLAY: ['🔁', 'Card Replay'],
  CARD_INVALID_SIGNATURE: ['✍️', 'Invalid Card Signature'],
  CARD_UID_MISMATCH: ['🪪', 'Card UID Mismatch'],
  CARD_CLONE_SUSPECTED: ['👯', 'Suspected Card Clone'],
};

function isKnownEventType(eventType: string): eventType is SecurityEventType {
  return Object.hasOwn(EVENT_TYPE_LABELS, eventType);
}

/** The words alone (a filter's options): the raw code for a type this app version does not know. */
export function eventTypeWords(eventType: string): string {
  return isKnownEventType(eventType) ? EVENT_TYPE_LABELS[eventType][1] : eventType;
}

/** The label on screen: the emoji hidden from screen readers, which read the words alone. */
export function EventTypeLabel({ eventType }: { eventType: string }) {
  if (!isKnownEventType(eventType)) return eventType;
  const [emoji, words] = EVENT_TYPE_LABELS[eventType];
  // One element: where the cell is a grid (the events table on a phone), emoji and words stay on one line.
  return (
    <span>
      <span aria-hidden="true">{emoji} </span>
      {words}
    </span>
  );
}
