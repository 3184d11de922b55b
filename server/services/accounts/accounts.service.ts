import { USER_MESSAGES } from '#contract/constants.ts';
import type { PublicUser, RegisterResult } from '#contract/users.ts';
import type { Executor, RunInTransaction } from '../../db/repositories/transactions.ts';
import type { TokenPurpose, UsersRepository } from '../../db/repositories/users.repository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Mailer } from '../../providers/email/mailer.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../security/passwords.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import { EMAIL_THROTTLE_MS, SESSION_IDLE_MS } from '../../shared/constants.ts';
import { DomainError } from '../../shared/errors.ts';
import { jobKeys } from '../../shared/job-kinds.ts';
import { passwordResetEmail, verificationEmail } from './emails.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import type { LoginThrottle } from './login-throttle.service.ts';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, not on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export type LoginOutcome =
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'unverified' }
  | { kind: 'ok'; user: PublicUser; token: string };

const toPublicUser = (user: UserRow): PublicUser => ({
  uid: user.id,
  firstName: user.firstName,
  email: user.email,
  isAdmin: user.isAdmin,
  ...(user.phoneScreen && { phoneScreen: user.phoneScreen }),
});

export interface Contact {
  email: string;
  firstName: string;
  lastName: string;
}

interface AccountsDependencies {
  users: UsersRepository;
  inTransaction: RunInTransaction;
  mailer: Mailer;
  jobs: JobQueue;
  throttle: LoginThrottle;
  storeName: string;
  publicUrl: string;
}

/**
 * Accounts, email verification, sessions and password resets. Emails are outbox jobs written
 * with the account change they follow, and sent by the worker.
 */
export class AccountsService {
  private readonly deps: AccountsDependencies;

  constructor(deps: AccountsDependencies) {
    this.deps = deps;
  }

  async register(input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }): Promise<RegisterResult> {
    if (isCommonPassword(input.password)) throw new DomainError('invalid', USER_MESSAGES.commonPassword);
    const passwordHash = await hashPassword(input.password);
    const user = await this.deps.inTransaction(async (tx) => {
      const created = await this.deps.users.insert({ ...input, passwordHash, verificationSentAt: new Date() }, tx);
      if (created) await this.queueVerification(tx, created.id, created.verificationSentAt!);
      return created;
    });
    if (!user) throw new DomainError('conflict', USER_MESSAGES.emailTaken);
    // Queued with the account: the worker sends it, and tries again until the mail server takes it.
    return { uid: user.id, email: user.email, verificationEmailSent: true };
  }

  /** Checks a password from `address`, within the limits of the login throttle. */
  async login(email: string, password: string, address: string): Promise<LoginOutcome> {
    const retryAfterSeconds = await this.deps.throttle.wait(email, address);
    if (retryAfterSeconds > 0) {
      // Counted as a failure: an address that keeps trying while it waits only waits longer.
      await this.deps.throttle.failed(email, address);
      return { kind: 'throttled', retryAfterSeconds };
    }
    const user = await this.deps.users.byEmail(email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      await this.deps.throttle.failed(email, address);
      return { kind: 'invalid' };
    }
    await this.deps.throttle.succeeded(email);
    if (!user.verifiedAt) {
      await this.resendVerification(user);
      return { kind: 'unverified' };
    }
    const token = newToken();
    await this.deps.users.insertSession(hashToken(token), user.id);
    return { kind: 'ok', user: toPublicUser(user), token };
  }

  /** Marks the email verified when the token is the user's, unused and younger than 24 h. */
  async verify(uid: string, token: string): Promise<{ email: string } | undefined> {
    const userId = await this.deps.users.consumeToken(hashToken(token), 'verify');
    return userId === uid ? this.deps.users.markVerified(uid) : undefined;
  }

  async userForSession(token: string): Promise<PublicUser | undefined> {
    const tokenHash = hashToken(token);
    const row = await this.deps.users.sessionUser(tokenHash, new Date(Date.now() - SESSION_IDLE_MS));
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS) await this.deps.users.touchSession(tokenHash);
    return toPublicUser(row.user);
  }

  async endSession(token: string): Promise<void> {
    await this.deps.users.deleteSession(hashToken(token));
  }

  /** Queues a reset link when the account exists; the caller answers the same either way. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.deps.users.byEmail(email);
    if (!user) return;
    await this.deps.jobs.enqueue({
      kind: 'password-reset-email',
      key: jobKeys.passwordResetEmail(user.id, new Date()),
      payload: { userId: user.id },
    });
  }

  /** The verification email's job: a new single-use link, made when the email is sent. */
  async sendVerificationEmail(userId: string, messageId: string): Promise<void> {
    const user = await this.deps.users.byId(userId);
    if (!user || user.verifiedAt) return;
    const link = `${this.deps.publicUrl}/users/${user.id}/verify/${await this.newToken(user.id, 'verify', VERIFY_TTL_MS)}`;
    await this.deps.mailer.send({
      ...verificationEmail(this.deps.storeName, user.email, user.firstName, link),
      id: messageId,
    });
  }

  /** The reset email's job: a new one-hour link, which ends the account's earlier ones. */
  async sendPasswordResetEmail(userId: string, messageId: string): Promise<void> {
    const user = await this.deps.users.byId(userId);
    if (!user) return;
    const link = `${this.deps.publicUrl}/reset-password?token=${await this.newToken(user.id, 'reset', RESET_TTL_MS)}`;
    await this.deps.mailer.send({
      ...passwordResetEmail(this.deps.storeName, user.email, user.firstName, link),
      id: messageId,
    });
  }

  /** Sets a new password with a reset token; every session and every other reset link of the account ends. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (isCommonPassword(password)) throw new DomainError('invalid', USER_MESSAGES.commonPassword);
    const passwordHash = await hashPassword(password);
    const userId = await this.deps.users.consumeToken(hashToken(token), 'reset');
    if (!userId) throw new DomainError('invalid', USER_MESSAGES.resetExpired);
    await this.deps.inTransaction(async (tx) => {
      await this.deps.users.setPassword(userId, passwordHash, tx);
      await this.deps.users.deleteSessionsOf(userId, tx);
      await this.deps.users.endTokens(userId, 'reset', tx);
    });
  }

  /** For the admin command: a verified administrator. */
  async createAdmin(input: { email: string; password: string; firstName: string }): Promise<PublicUser> {
    const user = await this.deps.users.insert({
      ...input,
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
      verifiedAt: new Date(),
    });
    if (!user) throw new DomainError('conflict', USER_MESSAGES.emailTaken);
    return toPublicUser(user);
  }

  /** Keeps the user's phone screen on the account. */
  /** Who to write to about an order: read in the caller's transaction when given one. */
  async contact(userId: string, executor?: Executor): Promise<Contact | undefined> {
    const user = await this.deps.users.byId(userId, executor);
    return user && { email: user.email, firstName: user.firstName, lastName: user.lastName };
  }

  async setPhoneScreen(userId: string, screen: { width: number; height: number }): Promise<void> {
    await this.deps.users.setPhoneScreen(userId, `${screen.width}x${screen.height}`);
  }

  async promote(email: string): Promise<PublicUser | undefined> {
    const user = await this.deps.users.promote(email);
    return user && toPublicUser(user);
  }

  /**
   * Queues the verification email again unless one was queued for this address in the last 7 s;
   * the claim and the job are one transaction, so two servers cannot both send and a claimed
   * email is never lost.
   */
  private async resendVerification(user: UserRow): Promise<void> {
    await this.deps.inTransaction(async (tx) => {
      const sentAt = await this.deps.users.claimVerificationSend(user.id, EMAIL_THROTTLE_MS, tx);
      if (sentAt) await this.queueVerification(tx, user.id, sentAt);
    });
  }

  private queueVerification(executor: Executor, userId: string, at: Date): Promise<void> {
    return this.deps.jobs.enqueue(
      { kind: 'verification-email', key: jobKeys.verificationEmail(userId, at), payload: { userId } },
      executor,
    );
  }

  /** A new single-use token; a reset token replaces the account's earlier ones, only the newest link works. */
  private async newToken(userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = newToken();
    await this.deps.inTransaction(async (tx) => {
      if (purpose === 'reset') await this.deps.users.endTokens(userId, 'reset', tx);
      await this.deps.users.insertToken(hashToken(token), userId, purpose, new Date(Date.now() + ttlMs), tx);
    });
    return token;
  }
}
