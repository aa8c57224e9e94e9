// Security monitoring (insights-and-operators.md §3 "Security dashboard response", §7 Operators,
// §9; issue 16): the spec's dashboard and unblock call, and the operator tools a real security
// operator needs beyond it (manual blocks, allowlist, rule modes, audit log, export).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

/** Every event type of §3; the dashboard shows an emoji-prefixed label, unknown codes raw. */
export const SecurityEventTypeSchema = z.enum([
  'SENSITIVE_FILE_ACCESS',
  'MALICIOUS_BOT_DETECTED',
  'HIGH_RISK_BOT_BEHAVIOR',
  'MEDIUM_RISK_BOT_BEHAVIOR',
  'SCANNER_DETECTED',
  'SUSPICIOUS_USER_AGENT',
  'MALICIOUS_URL_PATTERN',
  'SUSPICIOUS_FILE_EXTENSION',
  'LEGITIMATE_BOT_ACCESS',
  'SUSPICIOUS_IP_MARKED',
  'LOGIN_ATTEMPT',
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'ADMIN_LOGIN',
  'ADMIN_ACTION',
  'UNAUTHORIZED_ACCESS',
  'RATE_LIMIT_EXCEEDED',
  'IP_BLOCKED',
  'XSS_ATTEMPT',
  'SQL_INJECTION_ATTEMPT',
  'MALFORMED_REQUEST',
  'CARD_REPLAY',
  'CARD_INVALID_SIGNATURE',
  'CARD_UID_MISMATCH',
  'CARD_CLONE_SUSPECTED',
]);
export type SecurityEventType = z.infer<typeof SecurityEventTypeSchema>;

export const SeveritySchema = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
export type Severity = z.infer<typeof SeveritySchema>;

/**
 * What a rule does when it matches: `block` adds its points to the address's bucket (a block
 * follows at the threshold); `detect` records the event and the points it would have added;
 * `off` records nothing.
 */
export const RuleModeSchema = z.enum(['block', 'detect', 'off']);
export type RuleMode = z.infer<typeof RuleModeSchema>;

/** An IPv4 or IPv6 address (IPv4-mapped IPv6 is stored as the IPv4 address). */
/** An address, or an IPv6 network as blocks name it (`2001:db8:1:2::/64`: one subscriber). */
export const IpAddressSchema = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv6()], { error: 'Please enter a valid IP address' }));

/** An address or a CIDR range, for the allowlist. */
export const AddressRangeSchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
      error: 'Please enter a valid IP address or CIDR range',
    }),
  );

const TimestampSchema = z.iso.datetime({ offset: true });

const SeverityCountsSchema = z.object({
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
});

/**
 * An event type as the dashboard reads it: one of ours, or a code a newer server added, which the
 * dashboard shows raw (§3) rather than failing to load.
 */
export const EventTypeCodeSchema = z.string().min(1);

/**
 * What became of the request an event was recorded for (issue 30 point 2): `blocked` when the security
 * layer answered it itself (a blocked address or suspended account, a scanner, a probe of a secret path),
 * `refused` when the app refused it (any other 4xx), `served` (2xx, 3xx), `failed` (5xx).
 */
export const EventOutcomeSchema = z.enum(['blocked', 'refused', 'served', 'failed']);
export type EventOutcome = z.infer<typeof EventOutcomeSchema>;

/** One stored event as the dashboard lists it (§3 recentEvents, plus country and rule). */
export const SecurityEventSchema = z.object({
  eventType: EventTypeCodeSchema,
  severity: SeveritySchema,
  timestamp: TimestampSchema,
  ipAddress: z.string(),
  endpoint: z.string().nullable(),
  email: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** ISO 3166-1 alpha-2 code, or null when unknown (private address, no lookup). */
  country: z.string().nullable(),
  ruleId: z.string(),
  /** The part that matched, secrets redacted (never a body, password or token). */
  matched: z.string().nullable(),
  points: z.number().int(),
  /** The answer's status and what it meant; null for what no request caused (a block, a mark). */
  status: z.number().int().nullable(),
  outcome: EventOutcomeSchema.nullable(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export const SuspiciousIpSchema = z.object({
  ipAddress: z.string(),
  /** Events from the address in the last 24 h; 5 or more is high risk (§9). */
  count: z.number().int(),
  country: z.string().nullable(),
  lastSeen: TimestampSchema,
  highestSeverity: SeveritySchema,
  /** Different members who signed in from the address in the last 24 h. */
  membersSignedIn: z.number().int(),
  /** Many members signed in from it (SHARED_ADDRESS_MEMBERS or more): a venue, never recommended for a block. */
  isShared: z.boolean(),
});

/** From this many different members signed in within 24 h, an address is shared (a venue, an office). */
export const SHARED_ADDRESS_MEMBERS = 5;

export const SharedAddressSchema = z.object({
  ipAddress: z.string(),
  /** Different members who signed in from it in the last 24 h. */
  members: z.number().int(),
});
export type SharedAddress = z.infer<typeof SharedAddressSchema>;

const EffectivenessSchema = z.number().min(0).max(100);

export const ProtectionStatusSchema = z.object({
  fileProtection: z.object({
    active: z.boolean(),
    blocked: z.number().int(),
    effectiveness: EffectivenessSchema,
  }),
  botProtection: z.object({
    active: z.boolean(),
    blocked: z.number().int(),
    effectiveness: EffectivenessSchema,
  }),
  threatIntelligence: z.object({
    active: z.boolean(),
    highRiskIPs: z.number().int(),
    riskScore: z.number(),
    /** max(90 − 5 × riskScore, 75) (§9). */
    effectiveness: EffectivenessSchema,
  }),
});

export const AttackCountrySchema = z.object({
  /** Country code; the client maps it to its name and map position. */
  name: z.string(),
  attacks: z.number().int(),
  /** The highest severity seen from the country (the marker colour). */
  severity: SeveritySchema,
  lastAttack: TimestampSchema,
});

export const RecentAttackSchema = z.object({
  country: z.string(),
  eventType: EventTypeCodeSchema,
  severity: SeveritySchema,
  timestamp: TimestampSchema,
});

export const ThreatAnalysisSchema = z.object({
  fileAccessAttempts: z.number().int(),
  maliciousBots: z.number().int(),
  highRiskIPs: z.number().int(),
  attackMap: z.object({
    /** Countries attacks came from in the last 24 h. */
    countriesArray: z.array(AttackCountrySchema),
    /** The last hour's attacks, newest first, at most 5 (§9). */
    recentAttacks: z.array(RecentAttackSchema),
  }),
});

export const RecommendationSchema = z.object({
  priority: SeveritySchema,
  action: z.string(),
  description: z.string(),
  implementation: z.string(),
});

/** One visible check behind the security score. */
export const ScoreCheckSchema = z.object({
  check: z.string(),
  passed: z.boolean(),
  detail: z.string(),
});

export type Recommendation = z.infer<typeof RecommendationSchema>;

/**
 * What the dashboard calls a file attempt: the File Access Attempts card, File Protection's
 * "blocked attempts" and the threat analysis's file access attempts all count these types.
 */
export const FILE_EVENT_TYPES = [
  'SENSITIVE_FILE_ACCESS',
  'SUSPICIOUS_FILE_EXTENSION',
] as const satisfies readonly SecurityEventType[];

/**
 * What the dashboard calls a bot: the Bot Attacks card, Bot Protection's "bots blocked" and the
 * threat analysis's malicious bots all count these types, so the three never disagree. A scanner
 * (sqlmap, Nikto …) is an attack tool run as a bot, and Bot Protection lists scanner signatures,
 * so it counts; its events also have a card of their own. Suspicious user agents (curl, none) are
 * only recorded, never blocked by default, and a welcome link preview is no attack: neither counts.
 */
export const BOT_EVENT_TYPES = [
  'MALICIOUS_BOT_DETECTED',
  'HIGH_RISK_BOT_BEHAVIOR',
  'MEDIUM_RISK_BOT_BEHAVIOR',
  'SCANNER_DETECTED',
] as const satisfies readonly SecurityEventType[];

/** §2 incident cards: the event types each card lists, 3 latest each (§9). */
export const INCIDENT_KINDS = {
  fileAccess: FILE_EVENT_TYPES,
  botAttacks: BOT_EVENT_TYPES,
  scannerActivity: ['SCANNER_DETECTED'],
} as const satisfies Record<string, readonly SecurityEventType[]>;
export type IncidentKind = keyof typeof INCIDENT_KINDS;
export const INCIDENTS_PER_KIND = 3;
export type ScoreCheck = z.infer<typeof ScoreCheckSchema>;

export const SecurityDashboardSchema = z.object({
  /** Events in the last 24 h. */
  totalEvents: z.number().int(),
  severityCounts: SeverityCountsSchema,
  /** Addresses blocked now, newest block first. */
  blockedIPs: z.array(z.string()),
  systemHealth: z.object({
    databaseConnected: z.boolean(),
    monitoringEnabled: z.boolean(),
    /** Seconds since this server process started. */
    uptime: z.number(),
  }),
  /** The latest 10 events. */
  recentEvents: z.array(SecurityEventSchema),
  /** The latest 3 events of each incident kind, however many other events came after them. */
  incidents: z.object({
    fileAccess: z.array(SecurityEventSchema),
    botAttacks: z.array(SecurityEventSchema),
    scannerActivity: z.array(SecurityEventSchema),
  }),
  suspiciousIPs: z.array(SuspiciousIpSchema),
  /** Of the addresses named above (suspicious or blocked), those many members signed in from in the last 24 h, most first (top 20). */
  sharedAddresses: z.array(SharedAddressSchema),
  protectionStatus: ProtectionStatusSchema,
  threatAnalysis: ThreatAnalysisSchema,
  /** Top 5 countries of the last 24 h's events. */
  geoDistribution: z.array(z.object({ country: z.string(), count: z.number().int() })),
  responseMetrics: z.object({
    /** For display: the measured mean time to refuse a blocked request ('< 1ms' before any). */
    averageBlockTime: z.string(),
    /** The same in milliseconds, null before any blocked request. */
    averageBlockTimeMs: z.number().nullable(),
  }),
  /** Out of 10, from the visible checks in `scoreChecks`. */
  securityScore: z.number().min(0).max(10),
  scoreVerdict: z.enum(['Excellent', 'Good', 'Needs attention']),
  scoreChecks: z.array(ScoreCheckSchema),
  recommendations: z.array(RecommendationSchema),
  /**
   * Set when every event of the last 24 h came from one local address while TRUST_PROXY is unset: a
   * reverse proxy whose clients all look like one, so blocks and limits would hit everyone at once.
   */
  proxyWarning: z.string().nullable(),
});
export type SecurityDashboard = z.infer<typeof SecurityDashboardSchema>;

export const SecurityDashboardResponseSchema = z.object({ data: SecurityDashboardSchema });
export type SecurityDashboardResponse = z.infer<typeof SecurityDashboardResponseSchema>;

export const UnblockIpRequestSchema = z.object({
  ipAddress: IpAddressSchema,
  /** Why, for the audit log; optional so the spec's confirmation alone is enough. */
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});
export type UnblockIpRequest = z.input<typeof UnblockIpRequestSchema>;

export const UnblockIpResponseSchema = z.object({ message: z.string(), ipAddress: z.string() });

/** Manual block lengths an operator picks from (1 h, 24 h, 7 d). */
export const BLOCK_DURATIONS_MINUTES = [60, 1440, 10080] as const;

export const ManualBlockRequestSchema = z.object({
  ipAddress: IpAddressSchema,
  durationMinutes: z
    .number()
    .int()
    .refine(
      (minutes) => (BLOCK_DURATIONS_MINUTES as readonly number[]).includes(minutes),
      'Duration must be 1 hour, 24 hours or 7 days',
    )
    .meta({ enum: [...BLOCK_DURATIONS_MINUTES] }),
  reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  /** The operator saw which members a block of this shared address affects, and blocks it anyway. */
  confirmShared: z.boolean().optional(),
});
export type ManualBlockRequest = z.input<typeof ManualBlockRequestSchema>;

export const BlockSchema = z.object({
  ipAddress: z.string(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
  /** 'automatic' (bucket overflow or a block-mode rule) or 'manual'. */
  source: z.enum(['automatic', 'manual']),
  reason: z.string(),
  /** The operator's e-mail for a manual block. */
  createdBy: z.string().nullable(),
  /** How many blocks this address had in the last 30 days, this one included (the escalation step). */
  offence: z.number().int(),
  country: z.string().nullable(),
});
export type Block = z.infer<typeof BlockSchema>;

export const BlockDetailsSchema = BlockSchema.extend({
  /** The events whose points filled the bucket, oldest first. */
  causes: z.array(SecurityEventSchema),
  /** Sum of the causes' points. */
  points: z.number().int(),
});

export const BlockIpParamsSchema = z.object({ ipAddress: IpAddressSchema });

export const AllowlistEntrySchema = z.object({
  /** Null for the built-in entries (loopback, configured proxies), which cannot be removed. */
  id: z.string().nullable(),
  range: z.string(),
  comment: z.string(),
  expiresAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema.nullable(),
  createdBy: z.string().nullable(),
  builtIn: z.boolean(),
});
export type AllowlistEntry = z.infer<typeof AllowlistEntrySchema>;

export const AddAllowlistEntryRequestSchema = z.object({
  range: AddressRangeSchema,
  comment: z.string().trim().min(1, 'Comment is required').max(500, 'Comment must be at most 500 characters'),
  /** Null or absent: never expires. */
  expiresAt: TimestampSchema.nullable().optional(),
});
export type AddAllowlistEntryRequest = z.input<typeof AddAllowlistEntryRequestSchema>;

export const AllowlistIdParamsSchema = z.object({ id: z.uuid('Allowlist entry not found') });

export const SecurityRuleSchema = z.object({
  id: z.string(),
  eventType: SecurityEventTypeSchema,
  description: z.string(),
  severity: SeveritySchema,
  /** Points added to the address's bucket per match in block mode (CRITICAL 5, HIGH 4, MEDIUM 3, LOW 0). */
  points: z.number().int(),
  mode: RuleModeSchema,
  defaultMode: RuleModeSchema,
  /** LEGITIMATE_BOT_ACCESS can never block, so its list leaves `block` out. */
  allowedModes: z.array(RuleModeSchema),
  /** Preview: addresses this rule's events would have blocked in the last 24 h had it been in block mode. */
  wouldHaveBlocked24h: z.number().int(),
});
export type SecurityRule = z.infer<typeof SecurityRuleSchema>;

export const RuleIdParamsSchema = z.object({ ruleId: z.string().min(1).max(100) });

export const SetRuleModeRequestSchema = z.object({ mode: RuleModeSchema });

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  /** The operator's e-mail; 'cli' for the break-glass command line. */
  actor: z.string(),
  action: z.enum([
    'LOGIN',
    'UNBLOCK_IP',
    'BLOCK_IP',
    'ALLOWLIST_ADD',
    'ALLOWLIST_REMOVE',
    'RULE_MODE',
    'EVENTS_EXPORT',
    // The admin's support tools (contract/support.ts): the target is the member's id.
    'SUPPORT_RESEND_CODE',
    'SUPPORT_UNLINK_CARD',
    'SUPPORT_REPLACE_CARD',
    'SUPPORT_DISABLE',
    'SUPPORT_ENABLE',
    // An operator's second factor removed when lost (contract/operators.ts): the target is their e-mail.
    'OPERATOR_FACTOR_RESET',
    // An operator added from the command line (`npm run operator -- add`).
    'OPERATOR_ADDED',
  ]),
  /** What was acted on (an address, a range, a rule id). */
  target: z.string().nullable(),
  detail: z.string(),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * The event log's filters (issue 30 point 2), the same for a page of it and for its CSV: a time range
 * (default the last 24 h), an event type, a severity, an address or IPv6 network (as blocks name it), and
 * a piece of the path ("GET /.env" matches ".env"), and the request's outcome.
 */
const EventFilterFields = z.object({
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
  type: z.enum(SecurityEventTypeSchema.options, { error: 'Type must be one of the event types' }).optional(),
  severity: z
    .enum(SeveritySchema.options, { error: 'Severity must be CRITICAL, HIGH, MEDIUM or LOW' })
    .optional(),
  address: IpAddressSchema.optional(),
  path: z.string().trim().min(1).max(200, 'Path must be at most 200 characters').optional(),
  outcome: z
    .enum(EventOutcomeSchema.options, { error: 'Outcome must be blocked, refused, served or failed' })
    .optional(),
});

const rangeInOrder = [
  ({ from, to }: { from?: string | undefined; to?: string | undefined }) =>
    !from || !to || Date.parse(from) < Date.parse(to),
  { message: 'The start of the range must be before its end' },
] as const;

export const EventFilterSchema = EventFilterFields.refine(...rangeInOrder);
export type EventFilter = z.input<typeof EventFilterSchema>;

/** The export takes the event log's filters; without a range, the last 24 h. */
export const EventsExportQuerySchema = EventFilterSchema;

export const EVENT_LOG_PAGE_SIZES = [25, 50, 100] as const;

export const EventLogQuerySchema = EventFilterFields.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (size) => (EVENT_LOG_PAGE_SIZES as readonly number[]).includes(size),
      'Page size must be 25, 50 or 100',
    )
    .default(50),
}).refine(...rangeInOrder);
export type EventLogQuery = z.input<typeof EventLogQuerySchema>;

/** One logged event with its id, so a page can say which it holds. */
export const LoggedEventSchema = SecurityEventSchema.extend({ id: z.string() });
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;

export const EventLogSchema = z.object({
  /** Newest first. */
  events: z.array(LoggedEventSchema),
  /** Events matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The time range the filters covered (the default one when none was given). */
  from: TimestampSchema,
  to: TimestampSchema,
});
export type EventLog = z.infer<typeof EventLogSchema>;

/** An address's page: what it did, what was done about it, and who signs in from it. */
export const AddressReportSchema = z.object({
  /** As blocks name it: the address, or the IPv6 network it belongs to. */
  ipAddress: z.string(),
  country: z.string().nullable(),
  /** Its events in the last 24 h (sign-ins and link previews included). */
  events24h: z.number().int(),
  /** Its 20 latest events. */
  latestEvents: z.array(LoggedEventSchema),
  /** Rules its events matched in the last 24 h, most matches first. */
  rulesHit: z.array(
    z.object({ ruleId: z.string(), eventType: EventTypeCodeSchema, count: z.number().int() }),
  ),
  /** The block in force now, if any. */
  activeBlock: BlockSchema.nullable(),
  /** Its blocks of the last 30 days, newest first, lifted and expired ones included. */
  blockHistory: z.array(
    BlockSchema.extend({ liftedAt: TimestampSchema.nullable(), liftedBy: z.string().nullable() }),
  ),
  /** Allowlisted addresses are never blocked; the entry (built in or an operator's) that covers it. */
  allowlistedBy: z.string().nullable(),
  /** Different members who signed in from it in the last 24 h (the record keeps fingerprints only). */
  membersSignedIn: z.number().int(),
  isShared: z.boolean(),
  /** Why a block would be refused, in the tool's own words; null when it may be blocked. */
  blockRefusal: z.string().nullable(),
});
export type AddressReport = z.infer<typeof AddressReportSchema>;

/** Every call of the security area needs a security operator's token. */
const securityOperator = { auth: 'security' } as const;

export const SecurityEndpoints = {
  dashboard: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/dashboard',
    summary:
      'Everything the security dashboard shows: the last 24 h of events, blocks, protection, map, score.',
    responses: { 200: SecurityDashboardResponseSchema },
    errors: [],
  }),
  unblockIp: defineEndpoint({
    ...securityOperator,
    method: 'POST',
    path: '/api/security/unblock-ip',
    summary: 'Lifts the block on an address in every server process (security operators only).',
    body: UnblockIpRequestSchema,
    responses: { 200: UnblockIpResponseSchema },
    errors: ['IP_NOT_BLOCKED'],
  }),
  listBlocks: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/blocks',
    summary: 'Addresses blocked now, newest first, with expiry, source and reason.',
    responses: { 200: z.array(BlockSchema) },
    errors: [],
  }),
  blockDetails: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/blocks/:ipAddress',
    summary: 'One active block with the events and points that caused it.',
    params: BlockIpParamsSchema,
    responses: { 200: BlockDetailsSchema },
    errors: ['IP_NOT_BLOCKED'],
  }),
  manualBlock: defineEndpoint({
    ...securityOperator,
    method: 'POST',
    path: '/api/security/blocks',
    summary:
      'Blocks an address for 1 h, 24 h or 7 d with a reason (never the operator’s own or an allowlisted one).',
    body: ManualBlockRequestSchema,
    responses: { 201: BlockSchema },
    errors: ['OWN_ADDRESS', 'ADDRESS_ALLOWLISTED', 'SHARED_ADDRESS_UNCONFIRMED'],
  }),
  listAllowlist: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/allowlist',
    summary: 'Addresses and ranges never blocked: the built-in ones and the operators’ entries.',
    responses: { 200: z.array(AllowlistEntrySchema) },
    errors: [],
  }),
  addAllowlistEntry: defineEndpoint({
    ...securityOperator,
    method: 'POST',
    path: '/api/security/allowlist',
    summary: 'Adds an address or CIDR range with a comment and an optional expiry; lifts blocks it covers.',
    body: AddAllowlistEntryRequestSchema,
    responses: { 201: AllowlistEntrySchema },
    errors: [],
  }),
  removeAllowlistEntry: defineEndpoint({
    ...securityOperator,
    method: 'DELETE',
    path: '/api/security/allowlist/:id',
    summary: 'Removes an operator’s allowlist entry.',
    params: AllowlistIdParamsSchema,
    responses: { 200: MessageResponseSchema },
    errors: ['ALLOWLIST_ENTRY_NOT_FOUND'],
  }),
  listRules: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/rules',
    summary:
      'Every detection rule with its mode and a preview of what block mode would have blocked in 24 h.',
    responses: { 200: z.array(SecurityRuleSchema) },
    errors: [],
  }),
  setRuleMode: defineEndpoint({
    ...securityOperator,
    method: 'PUT',
    path: '/api/security/rules/:ruleId',
    summary: 'Switches a rule to block, detect or off, in every server process.',
    params: RuleIdParamsSchema,
    body: SetRuleModeRequestSchema,
    responses: { 200: SecurityRuleSchema },
    errors: ['RULE_NOT_FOUND', 'RULE_MODE_NOT_ALLOWED'],
  }),
  auditLog: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/audit-log',
    summary:
      'Operator actions (sign-ins, blocks, unblocks, allowlist and rule changes, exports), newest first.',
    query: AuditLogQuerySchema,
    responses: { 200: z.array(AuditEntrySchema) },
    errors: [],
  }),
  eventLog: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/events',
    summary:
      'The event log: stored events filtered by time, type, severity, address or network and path, newest first, a page at a time.',
    query: EventLogQuerySchema,
    responses: { 200: EventLogSchema },
    errors: [],
  }),
  addressReport: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/addresses/:ipAddress',
    summary:
      'One address’s page: its events, the rules they hit, its blocks, its allowlist entry, the members who sign in from it, and whether a block would be refused.',
    params: BlockIpParamsSchema,
    responses: { 200: AddressReportSchema },
    errors: [],
  }),
  exportEvents: defineEndpoint({
    ...securityOperator,
    method: 'GET',
    path: '/api/security/events/export',
    summary:
      'The event log’s events as CSV, with the same filters (default the last 24 h), for incident reports.',
    query: EventsExportQuerySchema,
    responses: { 200: z.string() },
    produces: 'text/csv',
    errors: [],
  }),
};

export const securityEndpoints = Object.values(SecurityEndpoints);
