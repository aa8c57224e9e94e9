// Who is calling. Checked in onRequest, before the body is even parsed, so strangers learn nothing
// from validation errors: member areas accept only member access tokens, operator areas only their role's.
// A signed token outlives the account it names (deleted or disabled within the token's 15 minutes), so
// the account is looked up too: a token of a deleted or disabled account is as invalid as a forged one.
// A member account found once is remembered until the database's notice that it was deleted, disabled
// or changed role (migrations 023, 038_b): members call often (the contact list's poll), operators seldom.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { Role } from '../../contract/auth';
import type { EndpointAuth } from '../../contract/endpoint';
import { isAccountEnabled } from './account-standing';
import type { AppContext } from './context';
import { HttpError } from './errors';
import type { AccessClaims, Caller, OperatorRole } from './tokens';

/**
 * Told of each member or operator request the guard admits, before its handler runs: the sessions'
 * activity, and their end (a listener refuses the request by throwing).
 */
export type SignedInListener = (
  request: FastifyRequest,
  claims: AccessClaims,
) => Promise<unknown> | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    memberListeners: SignedInListener[];
    operatorListeners: SignedInListener[];
  }
  interface FastifyRequest {
    member?: AccessClaims;
    operatorId?: string;
    /** The operator's token as the guard admitted it (its session among them). */
    operatorClaims?: AccessClaims;
  }
}

const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

/** The notice that a member account was deleted or changed role. */
const MEMBER_ACCOUNT_CHANNEL = 'member_account';

async function findAccount(request: FastifyRequest, userId: string, role: Role): Promise<true | undefined> {
  const row = await request.server.ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', role)
    .where(isAccountEnabled)
    .executeTakeFirst();
  return row === undefined ? undefined : true;
}

async function accountExists(request: FastifyRequest, userId: string, role: Role): Promise<boolean> {
  if (role !== 'user') return (await findAccount(request, userId, role)) === true;
  const members = request.server.ctx.changeNotices.remember<true>(MEMBER_ACCOUNT_CHANNEL);
  return (
    members.known(userId) ?? (await members.fresh(userId, () => findAccount(request, userId, role))) === true
  );
}

/**
 * Forgets what this process remembered of a member account, for a change it made itself (an account
 * disabled): the database's notice reaches the other processes, and this one stops admitting it now.
 */
export function forgetMemberAccount(ctx: AppContext, userId: string): void {
  ctx.changeNotices.remember<true>(MEMBER_ACCOUNT_CHANNEL).forget(userId);
}

function bearerToken(request: FastifyRequest): string {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return match[1];
}

/**
 * The security hook has already checked the token (server/security/identity.ts); a request that came
 * another way (none in the app) checks it here.
 */
async function callerOf(request: FastifyRequest): Promise<Caller | undefined> {
  const token = bearerToken(request);
  if (request.who) return request.who.account;
  const caller = await request.server.ctx.tokens.verifyCaller(token);
  return caller && !caller.isExpired ? caller : undefined;
}

/**
 * The listeners in turn, from the `from`th; a promise only once one of them has work to wait for (a
 * listener that answers from memory returns nothing).
 */
function tellListeners(
  listeners: readonly SignedInListener[],
  request: FastifyRequest,
  claims: AccessClaims,
  from = 0,
): Promise<unknown> | undefined {
  for (let index = from; index < listeners.length; index += 1) {
    const pending = listeners[index]?.(request, claims);
    if (pending) return pending.then(() => tellListeners(listeners, request, claims, index + 1));
  }
  return undefined;
}

/**
 * onRequest hook for member-only areas. A callback hook with no promise when memory knows the token and
 * the account, as it does for an open app's polls (most of the server's traffic).
 */
export function authenticateMember(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const account = request.who?.account;
  const isKnown =
    account?.role === 'user' &&
    request.server.ctx.changeNotices.remember<true>(MEMBER_ACCOUNT_CHANNEL).known(account.userId) === true;
  if (!isKnown) {
    admitMember(request).then(() => done(), done);
    return;
  }
  const claims = { userId: account.userId, role: account.role, sessionId: account.sessionId };
  request.member = claims;
  const pending = tellListeners(request.server.memberListeners, request, claims);
  if (pending) pending.then(() => done(), done);
  else done();
}

async function admitMember(request: FastifyRequest): Promise<void> {
  const caller = await callerOf(request);
  const claims = caller && { userId: caller.userId, role: caller.role, sessionId: caller.sessionId };
  if (claims?.role !== 'user' || !(await accountExists(request, claims.userId, 'user'))) {
    throw new HttpError('TOKEN_INVALID', INVALID_TOKEN_MESSAGE);
  }
  request.member = claims;
  await tellListeners(request.server.memberListeners, request, claims);
}

/** onRequest hook for an operator area. */
export function authenticateOperator(role: OperatorRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await callerOf(request);
    const operatorId = caller?.role === role ? caller.userId : undefined;
    // A token from before a mandatory second factor was enrolled opens the enrolment and nothing else.
    const isHeldAtEnrolment = caller?.mustEnrol === true && !request.routeOptions.config.admitsEnrolment;
    if (!operatorId || isHeldAtEnrolment || !(await accountExists(request, operatorId, role))) {
      throw new HttpError('TOKEN_INVALID', INVALID_TOKEN_MESSAGE);
    }
    request.operatorId = operatorId;
    const claims = { userId: operatorId, role, sessionId: caller?.sessionId };
    request.operatorClaims = claims;
    await tellListeners(request.server.operatorListeners, request, claims);
  };
}

/** Call before the routes are registered; `onMemberRequest` and `onOperatorRequest` add to the lists. */
export function prepareSignedInListeners(app: FastifyInstance): void {
  app.decorate('memberListeners', []);
  app.decorate('operatorListeners', []);
  // Made with every request, so that a guard setting one does not reshape the request object each time.
  for (const name of ['member', 'operatorId', 'operatorClaims'] as const)
    app.decorateRequest(name, undefined);
}

export function onMemberRequest(app: FastifyInstance, listener: SignedInListener): void {
  app.memberListeners.push(listener);
}

export function onOperatorRequest(app: FastifyInstance, listener: SignedInListener): void {
  app.operatorListeners.push(listener);
}

const OPERATOR_GUARDS = { admin: authenticateOperator('admin'), security: authenticateOperator('security') };

/** The onRequest guard an endpoint's declared `auth` calls for; none for public and credential calls. */
export function guardFor(auth: EndpointAuth): onRequestHookHandler | onRequestAsyncHookHandler | undefined {
  if (auth === 'member') return authenticateMember;
  if (auth === 'admin' || auth === 'security') return OPERATOR_GUARDS[auth];
  return undefined;
}

/** The member a handler acts for; the route's guard has already checked the token. */
export function memberOf(request: FastifyRequest): AccessClaims {
  if (!request.member) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return request.member;
}

export function operatorOf(request: FastifyRequest): string {
  if (!request.operatorId) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return request.operatorId;
}

/** The operator a handler acts for, with the session their token was issued in. */
export function operatorClaimsOf(request: FastifyRequest): AccessClaims {
  if (!request.operatorClaims) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return request.operatorClaims;
}
