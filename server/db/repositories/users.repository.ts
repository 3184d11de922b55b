import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { loginFailures, sessions, userTokens, users, type UserRow } from '../schema.ts';

export type TokenPurpose = 'verify' | 'reset';
export type LoginFailureRow = typeof loginFailures.$inferSelect;

/** Accounts, their sessions, their single-use email tokens and their failed logins. */
export class UsersRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async byEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email));
    return user;
  }

  async byId(id: string, executor: Database = this.db): Promise<UserRow | undefined> {
    const [user] = await executor.select().from(users).where(eq(users.id, id));
    return user;
  }

  /** A new account, or undefined when the email is taken. */
  async insert(
    values: {
      email: string;
      firstName: string;
      lastName?: string;
      passwordHash: string;
      isAdmin?: boolean;
      verifiedAt?: Date;
      verificationSentAt?: Date;
    },
    executor: Database = this.db,
  ): Promise<UserRow | undefined> {
    const [user] = await executor.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
    return user;
  }

  /** Marks the email verified (once: a later call keeps the first time). */
  async markVerified(id: string): Promise<{ email: string } | undefined> {
    const [user] = await this.db
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, id))
      .returning({ email: users.email });
    return user;
  }

  /** A new password hash; following an emailed link also proves the address. */
  async setPassword(id: string, passwordHash: string, executor: Database = this.db): Promise<void> {
    await executor
      .update(users)
      .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
      .where(eq(users.id, id));
  }

  async setPhoneScreen(id: string, phoneScreen: string): Promise<void> {
    await this.db.update(users).set({ phoneScreen }).where(eq(users.id, id));
  }

  async promote(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.update(users).set({ isAdmin: true }).where(eq(users.email, email)).returning();
    return user;
  }

  /**
   * Claims the sending of a verification email unless one went out in the last `throttleMs`:
   * one conditional UPDATE, so two processes cannot both claim it.
   */
  async claimVerificationSend(id: string, throttleMs: number, executor: Database = this.db): Promise<Date | undefined> {
    const [claimed] = await executor
      .update(users)
      .set({ verificationSentAt: new Date() })
      .where(
        and(
          eq(users.id, id),
          or(isNull(users.verificationSentAt), lt(users.verificationSentAt, new Date(Date.now() - throttleMs))),
        ),
      )
      .returning({ sentAt: users.verificationSentAt });
    return claimed?.sentAt ?? undefined;
  }

  async insertSession(tokenHash: string, userId: string): Promise<void> {
    await this.db.insert(sessions).values({ tokenHash, userId });
  }

  /** The user of a session used since `activeSince`, with when it was last seen. */
  async sessionUser(tokenHash: string, activeSince: Date): Promise<{ user: UserRow; lastSeenAt: Date } | undefined> {
    const [row] = await this.db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.lastSeenAt, activeSince)));
    return row;
  }

  async touchSession(tokenHash: string): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteSessionsOf(userId: string, executor: Database = this.db): Promise<void> {
    await executor.delete(sessions).where(eq(sessions.userId, userId));
  }

  async insertToken(
    tokenHash: string,
    userId: string,
    purpose: TokenPurpose,
    expiresAt: Date,
    executor: Database = this.db,
  ): Promise<void> {
    await executor.insert(userTokens).values({ tokenHash, userId, purpose, expiresAt });
  }

  /** Uses a token once: one conditional UPDATE, so a second use (even a concurrent one) finds nothing. */
  async consumeToken(tokenHash: string, purpose: TokenPurpose): Promise<string | undefined> {
    const [row] = await this.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: userTokens.userId });
    return row?.userId;
  }

  /** Ends every unused token of a purpose (a reset ends the other reset links). */
  async endTokens(userId: string, purpose: TokenPurpose, executor: Database = this.db): Promise<void> {
    await executor
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  }

  /** Failed logins since `since` of the account, or from the address. */
  async loginFailures(email: string, address: string, since: Date): Promise<LoginFailureRow[]> {
    return this.db
      .select()
      .from(loginFailures)
      .where(
        and(
          or(eq(loginFailures.email, email), eq(loginFailures.address, address)),
          gt(loginFailures.lastFailedAt, since),
        ),
      );
  }

  /** Counts a failure of the account from the address; a count last touched before `windowStart` starts again. */
  async addLoginFailure(email: string, address: string, now: Date, windowStart: Date): Promise<void> {
    const expired = sql`${loginFailures.lastFailedAt} < ${windowStart}`;
    await this.db
      .insert(loginFailures)
      .values({ email, address, failures: 1, firstFailedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: [loginFailures.email, loginFailures.address],
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          firstFailedAt: sql`case when ${expired} then ${now} else ${loginFailures.firstFailedAt} end`,
          lastFailedAt: now,
        },
      });
  }

  async clearLoginFailures(email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.email, email));
  }

  async deleteLoginFailuresBefore(before: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, before));
  }
}
