// The support actions (issue 30 point 3). Each one locks the member's row, checks, acts and writes its
// audit line (the operator, the member's id, the reason) in one transaction, so an action is never
// done without its line nor written twice; the answer is the member as the admin sees them now.
import type { Transaction } from 'kysely';
import type { SUPPORT_ACTION_WORDS, SupportMember } from '../../../contract/support';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { forgetMemberAccount } from '../../platform/guards';
import { appendAudit } from '../../platform/security/store';
import { type AuthService, revokeAllRefreshTokens } from '../auth';
import { findCardForUpdate, moveCardToReplacement, releaseCardsOfUser } from '../cards';
import { endSessions } from '../sessions';
import * as queries from './queries';

export const supportMessages = {
  memberNotFound: 'No member has this e-mail address or Card ID.',
  alreadyVerified: 'This member’s e-mail address is verified already.',
  noCard: 'This member has no card linked.',
  cardNotFound: 'Card not found. Please check the Card ID and try again.',
  cardTaken: 'This card is already linked to an account.',
  alreadyDisabled: 'This account is disabled already.',
  notDisabled: 'This account is not disabled.',
} as const;

/** Who acted: the operator's e-mail and address key, as the audit log keeps them. */
export interface Operator {
  email: string;
  ipAddress: string;
}

type SupportAction = keyof typeof SUPPORT_ACTION_WORDS;
type Member = NonNullable<Awaited<ReturnType<typeof queries.findMemberForUpdate>>>;

/** A Card ID replaced again and again still leads to its holder, within reason. */
const MAX_REPLACEMENTS_FOLLOWED = 10;

export class SupportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  async find(query: string): Promise<SupportMember> {
    const userId = query.includes('@')
      ? await queries.findMemberIdByEmail(this.ctx.db, query)
      : await this.holderOf(query);
    return this.view(userId);
  }

  /** Who holds the card now, following it to its replacements. */
  private async holderOf(nfcUid: string): Promise<string | undefined> {
    let next: string | null = nfcUid;
    for (let hop = 0; next !== null && hop <= MAX_REPLACEMENTS_FOLLOWED; hop += 1) {
      const card = await queries.findCardHolder(this.ctx.db, next);
      if (!card) return undefined;
      if (card.user_id !== null) return card.user_id;
      next = card.replaced_by;
    }
    return undefined;
  }

  async view(userId: string | undefined): Promise<SupportMember> {
    const found = userId === undefined ? undefined : await queries.memberView(this.ctx.db, userId);
    if (!found) throw new HttpError('MEMBER_NOT_FOUND', supportMessages.memberNotFound);
    const { account, card, link, sessions, history } = found;
    const lastSeenAt = sessions.last_seen_at === null ? null : new Date(sessions.last_seen_at);
    const lastActivity = [account.last_login_at, lastSeenAt]
      .filter((at): at is Date => at !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      isVerified: account.is_verified,
      createdAt: account.created_at.toISOString(),
      disabledAt: account.disabled_at?.toISOString() ?? null,
      card: card ? { nfcUID: card.nfc_uid, claimedAt: card.claimed_at?.toISOString() ?? null } : null,
      cardLink: link?.handle ?? null,
      sessions: { active: Number(sessions.active), lastSeenAt: lastSeenAt?.toISOString() ?? null },
      lastActivityAt: lastActivity?.toISOString() ?? null,
      history,
    };
  }

  async resendCode(userId: string, reason: string, operator: Operator): Promise<SupportMember> {
    const member = await this.ctx.db.transaction().execute((trx) => this.lockMember(trx, userId));
    if (member.is_verified) throw new HttpError('ALREADY_VERIFIED', supportMessages.alreadyVerified);
    // The member's own resend rules hold (a code at most every 30 s); the line follows the mail.
    await this.auth.resendVerificationCode(member.email);
    await this.note(this.ctx.db, operator, 'SUPPORT_RESEND_CODE', userId, reason);
    return this.view(userId);
  }

  async unlinkCard(userId: string, reason: string, operator: Operator): Promise<SupportMember> {
    await this.act(userId, operator, 'SUPPORT_UNLINK_CARD', async (trx) => {
      const card = await this.linkedCard(trx, userId);
      await releaseCardsOfUser(trx, userId);
      return `${card}: ${reason}`;
    });
    return this.view(userId);
  }

  async replaceCard(
    userId: string,
    change: { newCardId: string; reason: string },
    operator: Operator,
  ): Promise<SupportMember> {
    await this.act(userId, operator, 'SUPPORT_REPLACE_CARD', async (trx) => {
      const oldNfcUid = await this.linkedCard(trx, userId);
      const replacement = await findCardForUpdate(trx, change.newCardId);
      if (!replacement) throw new HttpError('CARD_NOT_FOUND', supportMessages.cardNotFound);
      if (replacement.user_id !== null) throw new HttpError('CARD_TAKEN', supportMessages.cardTaken);
      await moveCardToReplacement(trx, { userId, oldNfcUid, newNfcUid: change.newCardId });
      return `${oldNfcUid} → ${change.newCardId}: ${change.reason}`;
    });
    return this.view(userId);
  }

  /** Refused at once everywhere: tokens (guards.ts), refresh (its tokens revoked), CardDAV, sign-in. */
  async disable(userId: string, reason: string, operator: Operator): Promise<SupportMember> {
    await this.act(userId, operator, 'SUPPORT_DISABLE', async (trx, member) => {
      if (member.disabled_at !== null)
        throw new HttpError('ACCOUNT_ALREADY_DISABLED', supportMessages.alreadyDisabled);
      await queries.setDisabled(trx, userId, new Date());
      await revokeAllRefreshTokens(trx, userId);
      await endSessions(trx, { userId }, 'revoked');
      return reason;
    });
    forgetMemberAccount(this.ctx, userId);
    return this.view(userId);
  }

  async enable(userId: string, reason: string, operator: Operator): Promise<SupportMember> {
    await this.act(userId, operator, 'SUPPORT_ENABLE', async (trx, member) => {
      if (member.disabled_at === null)
        throw new HttpError('ACCOUNT_NOT_DISABLED', supportMessages.notDisabled);
      await queries.setDisabled(trx, userId, null);
      return reason;
    });
    forgetMemberAccount(this.ctx, userId);
    return this.view(userId);
  }

  /** Locks the member, runs the action (which returns the audit line's detail), writes the line. */
  private async act(
    userId: string,
    operator: Operator,
    action: SupportAction,
    work: (trx: Transaction<Database>, member: Member) => Promise<string>,
  ): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const detail = await work(trx, await this.lockMember(trx, userId));
      await this.note(trx, operator, action, userId, detail);
    });
  }

  private async lockMember(trx: Transaction<Database>, userId: string): Promise<Member> {
    const member = await queries.findMemberForUpdate(trx, userId);
    if (!member) throw new HttpError('MEMBER_NOT_FOUND', supportMessages.memberNotFound);
    return member;
  }

  private async linkedCard(trx: Transaction<Database>, userId: string): Promise<string> {
    const card = await queries.findLinkedCard(trx, userId);
    if (!card) throw new HttpError('NO_CARD_LINKED', supportMessages.noCard);
    return card.nfc_uid;
  }

  private note(
    db: AppContext['db'] | Transaction<Database>,
    operator: Operator,
    action: SupportAction,
    userId: string,
    detail: string,
  ) {
    return appendAudit(db, {
      actor: operator.email,
      action,
      target: userId,
      detail,
      ipAddress: operator.ipAddress,
    });
  }
}
