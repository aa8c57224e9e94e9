// What a security operator does beyond reading the dashboard: unblock, block by hand, keep the
// allowlist, switch rule modes, read the audit log, export events. Every change is audited.

import type { z } from 'zod';
import {
  type AddAllowlistEntryRequestSchema,
  type AddressReport,
  type AllowlistEntry,
  type AuditEntry,
  type Block,
  type EventFilterSchema,
  type EventLog,
  type ManualBlockRequestSchema,
  type RuleMode,
  type SecurityEvent,
  type SecurityRule,
  SHARED_ADDRESS_MEMBERS,
} from '../../../contract/security';
import type { AppContext } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { HttpError } from '../../platform/errors';
import { addressFingerprint, isInRange, parseRange } from '../../platform/security/address';
import { builtInRanges } from '../../platform/security/allowlist';
import type { SecurityMonitor } from '../../platform/security/monitor';
import { addressesBlockedIf } from '../../platform/security/preview';
import { allowedModes, pointsOf, RULE_BY_ID, RULES } from '../../platform/security/rules';
import { appendAudit, setRuleMode } from '../../platform/security/store';
import { DAY_MS, MINUTE_MS } from '../../platform/time';
import * as queries from './queries';

export interface Actor {
  email: string;
  ipAddress: string;
}

type BlockRow = Awaited<ReturnType<typeof queries.activeBlockRows>>[number];

const EXPORT_MAX_ROWS = 100_000;
/** An address's page lists its latest events and the blocks of the last 30 days. */
const ADDRESS_LATEST_EVENTS = 20;
const BLOCK_HISTORY_DAYS = 30;

const OWN_ADDRESS_MESSAGE = 'You cannot block the address you are connected from';
const ALLOWLISTED_MESSAGE = 'This address is on the allowlist; remove it there first';

/** The filters as parsed, the address already as its key. */
type EventFilterInput = z.output<typeof EventFilterSchema>;
/** How many of a shared address's members the block confirmation names. */
const NAMED_MEMBERS = 5;

function toBlock(row: BlockRow): Block {
  return {
    ipAddress: row.ip_address,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    source: row.source,
    reason: row.reason,
    createdBy: row.created_by,
    offence: row.offence,
    country: row.country,
  };
}

type AllowlistRow = Awaited<ReturnType<typeof queries.allowlistRows>>[number];

function toAllowlistEntry(row: AllowlistRow): AllowlistEntry {
  return {
    id: row.id,
    range: row.range,
    comment: row.comment,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    builtIn: false,
  };
}

export class SecurityOperations {
  constructor(
    private readonly ctx: AppContext,
    private readonly monitor: SecurityMonitor,
  ) {}

  emailOf(operatorId: string): Promise<string> {
    return queries.operatorEmail(this.ctx.db, operatorId);
  }

  private note(actor: Actor, action: AuditEntry['action'], target: string | null, detail: string) {
    return appendAudit(this.ctx.db, {
      actor: actor.email,
      action,
      target,
      detail,
      ipAddress: actor.ipAddress,
    });
  }

  /** A venue's address is blocked only once the operator has seen whom it affects. */
  private async refuseSharedAddress(ipAddress: string): Promise<void> {
    const since = new Date(Date.now() - DAY_MS);
    const fingerprintOf = (address: string) => addressFingerprint(address, this.ctx.codeKey);
    const counts = await queries.membersSignedInFrom(this.ctx.db, [ipAddress], since, fingerprintOf);
    const members = counts.get(ipAddress) ?? 0;
    if (members < SHARED_ADDRESS_MEMBERS) return;
    const named = await queries.memberEmailsFrom(this.ctx.db, fingerprintOf(ipAddress), since, NAMED_MEMBERS);
    const others = members - named.length;
    throw new HttpError(
      'SHARED_ADDRESS_UNCONFIRMED',
      `${members} members signed in from ${ipAddress} in the last 24 hours (${named.join(', ')}${
        others > 0 ? ` and ${others} more` : ''
      }). A block refuses everyone there who is not signed in: their sign-ins and sign-ups too. Confirm to block it anyway.`,
    );
  }

  async unblock(ipAddress: string, reason: string | undefined, actor: Actor): Promise<void> {
    if (!(await this.monitor.unblock(ipAddress, actor.email))) {
      throw new HttpError('IP_NOT_BLOCKED', 'This address is not blocked');
    }
    await this.note(actor, 'UNBLOCK_IP', ipAddress, reason || 'Unblocked from the dashboard');
  }

  async blocks(): Promise<Block[]> {
    return (await queries.activeBlockRows(this.ctx.db, new Date())).map(toBlock);
  }

  async blockDetails(ipAddress: string) {
    const row = await queries.activeBlockRow(this.ctx.db, ipAddress, new Date());
    if (!row) return undefined;
    const causes = (Array.isArray(row.causes) ? row.causes : []) as SecurityEvent[];
    return { ...toBlock(row), causes, points: row.points };
  }

  /** `request.ipAddress`: already the address key (an IPv6 address's network). */
  async block(request: z.output<typeof ManualBlockRequestSchema>, actor: Actor): Promise<Block> {
    const { ipAddress } = request;
    if (ipAddress === actor.ipAddress) {
      throw new HttpError('OWN_ADDRESS', OWN_ADDRESS_MESSAGE);
    }
    if (this.monitor.isAllowlisted(ipAddress)) {
      throw new HttpError('ADDRESS_ALLOWLISTED', ALLOWLISTED_MESSAGE);
    }
    if (!request.confirmShared) await this.refuseSharedAddress(ipAddress);
    await this.monitor.block(ipAddress, {
      source: 'manual',
      reason: request.reason,
      createdBy: actor.email,
      causes: [],
      durationMs: request.durationMinutes * MINUTE_MS,
    });
    await this.note(actor, 'BLOCK_IP', ipAddress, `${request.durationMinutes} minutes: ${request.reason}`);
    const row = await queries.activeBlockRow(this.ctx.db, ipAddress, new Date());
    if (!row) throw new Error('The block just stored is missing');
    return toBlock(row);
  }

  async allowlist(): Promise<AllowlistEntry[]> {
    const builtIn = builtInRanges(this.ctx.config.trustProxy).map((range) => ({
      id: null,
      range,
      comment:
        range.includes(':') || range.startsWith('127.')
          ? 'Loopback (always allowed)'
          : 'Configured proxy (TRUST_PROXY)',
      expiresAt: null,
      createdAt: null,
      createdBy: null,
      builtIn: true,
    }));
    const rows = await queries.allowlistRows(this.ctx.db);
    return [...builtIn, ...rows.map(toAllowlistEntry)];
  }

  async allow(
    request: z.output<typeof AddAllowlistEntryRequestSchema>,
    actor: Actor,
  ): Promise<AllowlistEntry> {
    const row = await queries.insertAllowlistEntry(this.ctx.db, {
      range: request.range,
      comment: request.comment,
      expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
      createdBy: actor.email,
    });
    await this.monitor.refresh();
    // An allowlisted address is never blocked: lift the blocks the new entry covers.
    const range = parseRange(request.range);
    for (const ipAddress of this.monitor.blockedAddresses()) {
      if (range && isInRange(ipAddress, range)) await this.monitor.unblock(ipAddress, actor.email);
    }
    await this.note(actor, 'ALLOWLIST_ADD', request.range, request.comment);
    return toAllowlistEntry(row);
  }

  async disallow(id: string, actor: Actor): Promise<void> {
    const removed = await queries.deleteAllowlistEntry(this.ctx.db, id);
    if (!removed) throw new HttpError('ALLOWLIST_ENTRY_NOT_FOUND', 'Allowlist entry not found');
    await this.monitor.refresh();
    await this.note(actor, 'ALLOWLIST_REMOVE', removed.range, removed.comment);
  }

  async rules(): Promise<SecurityRule[]> {
    const events = await queries.scoredEventsSince(this.ctx.db, new Date(Date.now() - DAY_MS));
    const blockingNow = new Set(
      RULES.filter((rule) => this.monitor.modeOf(rule) === 'block').map((rule) => rule.id),
    );
    const exempt = (ipAddress: string) => this.monitor.isAllowlisted(ipAddress);
    return RULES.map((rule) => ({
      id: rule.id,
      eventType: rule.eventType,
      description: rule.description,
      severity: rule.severity,
      points: pointsOf(rule, rule.severity),
      mode: this.monitor.modeOf(rule),
      defaultMode: rule.defaultMode,
      allowedModes: allowedModes(rule),
      wouldHaveBlocked24h: rule.neverBlocks
        ? 0
        : addressesBlockedIf(events, new Set([...blockingNow, rule.id]), exempt),
    }));
  }

  async setMode(ruleId: string, mode: RuleMode, actor: Actor): Promise<SecurityRule> {
    const rule = RULE_BY_ID.get(ruleId);
    if (!rule) throw new HttpError('RULE_NOT_FOUND', 'No such rule');
    if (!allowedModes(rule).includes(mode)) {
      throw new HttpError('RULE_MODE_NOT_ALLOWED', `The ${rule.id} rule cannot be set to ${mode}`);
    }
    const before = this.monitor.modeOf(rule);
    await setRuleMode(this.ctx.db, rule.id, mode, actor.email, new Date());
    await this.monitor.refresh();
    await this.note(actor, 'RULE_MODE', rule.id, `${before} → ${mode}`);
    const updated = (await this.rules()).find((one) => one.id === rule.id);
    if (!updated) throw new Error('The rule just changed is missing');
    return updated;
  }

  async audit(limit: number): Promise<AuditEntry[]> {
    const rows = await queries.auditEntries(this.ctx.db, limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action as AuditEntry['action'],
      target: row.target,
      detail: row.detail,
      ipAddress: row.ip_address,
    }));
  }

  /** The filters as the queries take them: the last 24 h unless a range was given. */
  private async resolve(filter: EventFilterInput): Promise<queries.EventFilters> {
    // Blocks under way and events still waiting in memory belong in what the operator reads.
    await this.monitor.settle();
    const to = filter.to ? new Date(filter.to) : new Date();
    const from = filter.from ? new Date(filter.from) : new Date(to.getTime() - DAY_MS);
    return { ...filter, from, to };
  }

  async eventLog(query: EventFilterInput & { page: number; pageSize: number }): Promise<EventLog> {
    const filters = await this.resolve(query);
    const { events, total } = await queries.eventLogPage(this.ctx.db, filters, query.page, query.pageSize);
    return {
      events,
      total,
      page: query.page,
      pageSize: query.pageSize,
      from: filters.from.toISOString(),
      to: filters.to.toISOString(),
    };
  }

  /**
   * One address's page. `operatorAddress`: the asking operator's, which the block tool refuses, as it
   * refuses an allowlisted one: the page says so rather than offer a Block that fails.
   */
  async addressReport(ipAddress: string, operatorAddress: string): Promise<AddressReport> {
    await this.monitor.settle();
    const now = Date.now();
    const since = new Date(now - DAY_MS);
    const fingerprintOf = (address: string) => addressFingerprint(address, this.ctx.codeKey);
    const [activity, active, history, members, allowlist] = await Promise.all([
      queries.addressActivity(this.ctx.db, ipAddress, since, ADDRESS_LATEST_EVENTS),
      queries.activeBlockRow(this.ctx.db, ipAddress, new Date(now)),
      queries.blockHistory(this.ctx.db, ipAddress, new Date(now - BLOCK_HISTORY_DAYS * DAY_MS)),
      queries.membersSignedInFrom(this.ctx.db, [ipAddress], since, fingerprintOf),
      this.allowlist(),
    ]);
    const covering = allowlist.find((entry) => {
      const range = parseRange(entry.range);
      return range !== undefined && isInRange(ipAddress, range);
    });
    const membersSignedIn = members.get(ipAddress) ?? 0;
    return {
      ipAddress,
      ...activity,
      activeBlock: active ? toBlock(active) : null,
      blockHistory: history.map((row) => ({
        ...toBlock(row),
        liftedAt: row.lifted_at?.toISOString() ?? null,
        liftedBy: row.lifted_by,
      })),
      allowlistedBy: covering ? `${covering.range}: ${covering.comment}` : null,
      membersSignedIn,
      isShared: membersSignedIn >= SHARED_ADDRESS_MEMBERS,
      blockRefusal:
        ipAddress === operatorAddress
          ? OWN_ADDRESS_MESSAGE
          : covering || this.monitor.isAllowlisted(ipAddress)
            ? ALLOWLISTED_MESSAGE
            : null,
    };
  }

  async exportEvents(filter: EventFilterInput, actor: Actor): Promise<{ csv: string; from: Date; to: Date }> {
    const filters = await this.resolve(filter);
    const { from, to } = filters;
    const events = await queries.filteredEvents(this.ctx.db, filters, EXPORT_MAX_ROWS);
    const narrowed = [
      filters.type,
      filters.severity,
      filters.address,
      filters.path && `path ${filters.path}`,
      filters.outcome,
    ].filter(Boolean);
    await this.note(
      actor,
      'EVENTS_EXPORT',
      null,
      `${from.toISOString()} to ${to.toISOString()}${narrowed.length > 0 ? ` (${narrowed.join(', ')})` : ''}: ${events.length} events`,
    );
    const csv = toCsv(
      [
        'timestamp',
        'eventType',
        'severity',
        'ipAddress',
        'country',
        'endpoint',
        'email',
        'userAgent',
        'ruleId',
        'matched',
        'points',
        'status',
        'outcome',
      ],
      events.map((event) => [
        event.timestamp,
        event.eventType,
        event.severity,
        event.ipAddress,
        event.country ?? '',
        event.endpoint ?? '',
        event.email ?? '',
        event.userAgent ?? '',
        event.ruleId,
        event.matched ?? '',
        String(event.points),
        event.status === null ? '' : String(event.status),
        event.outcome ?? '',
      ]),
    );
    return { csv, from, to };
  }
}
