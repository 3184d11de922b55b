import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { EMAIL_THROTTLE_MS, USER_MESSAGES } from '../../contract/constants.ts';
import type { PublicUser, RegisterResult } from '../../contract/users.ts';
import type { Database } from '../db/client.ts';
import { sessions, userTokens, users, type UserRow } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { Mailer } from '../providers/email/mailer.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../security/passwords.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { passwordResetEmail, verificationEmail } from './emails.ts';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, not on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export type LoginOutcome = { kind: 'invalid' } | { kind: 'unverified' } | { kind: 'ok'; user: PublicUser; token: string };

const toPublicUser = (user: UserRow): PublicUser => ({ uid: user.id, firstName: user.firstName, email: user.email, isAdmin: user.isAdmin });

interface AccountsDependencies {
  db: Database;
  mailer: Mailer;
  storeName: string;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

/** Accounts, email verification, sessions and password resets. Emails are sent outside transactions. */
export class AccountsService {
  private readonly deps: AccountsDependencies;

  constructor(deps: AccountsDependencies) {
    this.deps = deps;
  }

  async register(input: { firstName: string; lastName: string; email: string; password: string }): Promise<RegisterResult> {
    if (isCommonPassword(input.password)) throw new HttpError(400, USER_MESSAGES.commonPassword);
    const passwordHash = await hashPassword(input.password);
    const [user] = await this.deps.db
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new HttpError(409, USER_MESSAGES.emailTaken);
    const verificationEmailSent = await this.sendVerification(user);
    return { uid: user.id, email: user.email, verificationEmailSent };
  }

  async login(email: string, password: string): Promise<LoginOutcome> {
    const [user] = await this.deps.db.select().from(users).where(eq(users.email, email));
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) return { kind: 'invalid' };
    if (!user.verifiedAt) {
      await this.sendVerification(user);
      return { kind: 'unverified' };
    }
    return { kind: 'ok', user: toPublicUser(user), token: await this.createSession(user.id) };
  }

  /** Marks the email verified when the token is the user's, unused and younger than 24 h. */
  async verify(uid: string, token: string): Promise<{ email: string } | undefined> {
    const userId = await this.consumeToken(token, 'verify');
    if (userId !== uid) return undefined;
    const [user] = await this.deps.db
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, uid))
      .returning({ email: users.email });
    return user;
  }

  async userForSession(token: string): Promise<PublicUser | undefined> {
    const tokenHash = hashToken(token);
    const idleSince = new Date(Date.now() - SESSION_IDLE_MS);
    const [row] = await this.deps.db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.lastSeenAt, idleSince)));
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
      await this.deps.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
    }
    return toPublicUser(row.user);
  }

  async endSession(token: string): Promise<void> {
    await this.deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }

  /** Sends a reset link when the account exists; the caller answers the same either way. */
  async forgotPassword(email: string): Promise<void> {
    const [user] = await this.deps.db.select().from(users).where(eq(users.email, email));
    if (!user) return;
    const token = await this.createToken(user.id, 'reset', RESET_TTL_MS);
    const link = `${this.deps.publicUrl}/reset-password?token=${token}`;
    await this.deps.mailer.send(passwordResetEmail(this.deps.storeName, user.email, user.firstName, link));
  }

  /** Sets a new password with a reset token; every session of the account ends. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (isCommonPassword(password)) throw new HttpError(400, USER_MESSAGES.commonPassword);
    const passwordHash = await hashPassword(password);
    const userId = await this.consumeToken(token, 'reset');
    if (!userId) throw new HttpError(400, USER_MESSAGES.resetExpired);
    await this.deps.db.transaction(async (tx) => {
      // Following the emailed link proves the address as well as a verification would.
      await tx.update(users).set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, now())` }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    });
  }

  /** For the admin command: a verified administrator, or an existing account promoted. */
  async createAdmin(input: { email: string; password: string; firstName: string }): Promise<PublicUser> {
    const [user] = await this.deps.db
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, passwordHash: await hashPassword(input.password), isAdmin: true, verifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new HttpError(409, USER_MESSAGES.emailTaken);
    return toPublicUser(user);
  }

  async promote(email: string): Promise<PublicUser | undefined> {
    const [user] = await this.deps.db.update(users).set({ isAdmin: true }).where(eq(users.email, email)).returning();
    return user && toPublicUser(user);
  }

  /**
   * Sends the verification email unless one went to this address in the last 7 s. The claim is
   * one conditional UPDATE, so two servers cannot both send. False when nothing could be sent.
   */
  private async sendVerification(user: UserRow): Promise<boolean> {
    const [claimed] = await this.deps.db
      .update(users)
      .set({ verificationSentAt: new Date() })
      .where(
        and(
          eq(users.id, user.id),
          or(isNull(users.verificationSentAt), lt(users.verificationSentAt, new Date(Date.now() - EMAIL_THROTTLE_MS))),
        ),
      )
      .returning({ id: users.id });
    if (!claimed) return true;
    const token = await this.createToken(user.id, 'verify', VERIFY_TTL_MS);
    const link = `${this.deps.publicUrl}/users/${user.id}/verify/${token}`;
    try {
      await this.deps.mailer.send(verificationEmail(this.deps.storeName, user.email, user.firstName, link));
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'verification email failed');
      // Let the next login try again at once.
      await this.deps.db.update(users).set({ verificationSentAt: null }).where(eq(users.id, user.id));
      return false;
    }
  }

  private async createSession(userId: string): Promise<string> {
    const token = newToken();
    await this.deps.db.insert(sessions).values({ tokenHash: hashToken(token), userId });
    return token;
  }

  private async createToken(userId: string, purpose: 'verify' | 'reset', ttlMs: number): Promise<string> {
    const token = newToken();
    await this.deps.db.insert(userTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** Uses a token once: one conditional UPDATE, so a second use (even a concurrent one) finds nothing. */
  private async consumeToken(token: string, purpose: 'verify' | 'reset'): Promise<string | undefined> {
    const [row] = await this.deps.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(token)),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: userTokens.userId });
    return row?.userId;
  }
}

