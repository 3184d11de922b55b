import type { LoginFailureRow, UsersRepository } from '../../db/repositories/users.repository.ts';

export interface LoginLimits {
  /** Failed logins of one account from one address per window; then that pair waits out the window. */
  perAccountAndAddress: number;
  /** Failed logins from one address, whatever the account (credential stuffing). */
  perAddress: number;
  /**
   * Failed logins of one account from every address after which each address that failed on it
   * waits between attempts, 1 s doubling to a minute.
   */
  backoffAfter: number;
}

const WINDOW_MS = 10 * 60 * 1000;
const LONGEST_BACKOFF_S = 60;

/**
 * Who may try a password now (decision 017, 032). Only failures count, so logging in often never
 * stands in the owner's way, and they are counted per account and address together: someone
 * else's failures lock only their own address out. Failures from everywhere against one
 * account slow down each address that failed on it (a growing wait after its own last attempt,
 * at most a minute) instead of locking the account: an address with no failures on it, the
 * owner's, goes straight to the password check. An attempt made while waiting counts as a
 * failure, so hammering only lengthens the wait. A successful login clears the account's
 * count. Kept in the database, so every server process sees the same counts.
 */
export class LoginThrottle {
  private readonly users: UsersRepository;
  private readonly limits: LoginLimits;

  constructor(users: UsersRepository, limits: LoginLimits) {
    this.users = users;
    this.limits = limits;
  }

  /** Seconds this attempt must wait; 0 when it may go ahead. */
  async wait(email: string, address: string, now = new Date()): Promise<number> {
    const rows = await this.users.loginFailures(email, address, new Date(now.getTime() - WINDOW_MS));
    const windowLeft = (from: Date) => Math.ceil((from.getTime() + WINDOW_MS - now.getTime()) / 1000);
    const waits = [0];

    const pair = rows.find((row) => row.email === email && row.address === address);
    if (pair && pair.failures >= this.limits.perAccountAndAddress) waits.push(windowLeft(pair.firstFailedAt));

    const fromAddress = rows.filter((row) => row.address === address);
    if (sum(fromAddress) >= this.limits.perAddress) waits.push(windowLeft(earliest(fromAddress)));

    const excess = sum(rows.filter((row) => row.email === email)) - this.limits.backoffAfter;
    if (pair && excess >= 0) {
      const backoff = Math.min(2 ** excess, LONGEST_BACKOFF_S);
      waits.push(Math.ceil(backoff - (now.getTime() - pair.lastFailedAt.getTime()) / 1000));
    }
    return Math.max(...waits);
  }

  /** Counts a wrong password (or an unknown account); a count older than the window starts again. */
  failed(email: string, address: string, now = new Date()): Promise<void> {
    return this.users.addLoginFailure(email, address, now, new Date(now.getTime() - WINDOW_MS));
  }

  /** The right password: the account's failures are forgotten. */
  succeeded(email: string): Promise<void> {
    return this.users.clearLoginFailures(email);
  }

  /** Drops counts older than the window (the worker calls it now and then). */
  forgetOld(now = new Date()): Promise<void> {
    return this.users.deleteLoginFailuresBefore(new Date(now.getTime() - WINDOW_MS));
  }
}

const sum = (rows: LoginFailureRow[]) => rows.reduce((total, row) => total + row.failures, 0);
const earliest = (rows: LoginFailureRow[]) => new Date(Math.min(...rows.map((row) => row.firstFailedAt.getTime())));
