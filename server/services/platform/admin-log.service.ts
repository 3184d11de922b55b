import type { AdminActionKind, AdminActionsPage, AdminActionsQuery } from '#contract/admin.ts';
import type { AdminActionsRepository } from '../../db/repositories/admin-actions.repository.ts';
import type { Executor } from '../../db/repositories/transactions.ts';

/** The administrator who asked for a change, as the access check found them. */
export interface Actor {
  uid: string;
  email: string;
}

export interface LoggedAction {
  action: AdminActionKind;
  target: string;
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

/** Every administrator's action, kept with who did it and what changed, newest first to read. */
export class AdminLogService {
  private readonly actions: AdminActionsRepository;

  constructor(actions: AdminActionsRepository) {
    this.actions = actions;
  }

  async record(actor: Actor, entry: LoggedAction, executor?: Executor): Promise<void> {
    await this.actions.insert(
      {
        actorId: actor.uid,
        actorEmail: actor.email,
        action: entry.action,
        target: entry.target,
        before: entry.before ?? null,
        after: entry.after ?? null,
      },
      executor,
    );
  }

  async list(query: AdminActionsQuery): Promise<AdminActionsPage> {
    const { rows, total } = await this.actions.page(query.limit, query.offset);
    return {
      actions: rows.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: row.actorEmail,
        action: row.action as AdminActionKind,
        target: row.target,
        before: row.before,
        after: row.after,
      })),
      total,
    };
  }
}
