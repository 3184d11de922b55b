import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { z } from 'zod';
import { EmailSchema, PasswordSchema } from '#contract/users.ts';
import { isCommonPassword } from '../security/passwords.ts';
import type { AccountsService } from '../services/accounts/accounts.service.ts';
import type { Logger } from '../shared/logger.ts';
import { createBackup, type BackupDependencies } from './backup.ts';

/** What `npm run admin` asks: a new verified administrator, or an account made one. */
export const AdminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create'),
    email: EmailSchema,
    password: PasswordSchema.refine((password) => !isCommonPassword(password), {
      message: 'this is one of the most common passwords; choose another',
    }),
    firstName: z.string().trim().min(1, 'is required').max(60),
  }),
  z.object({ command: z.literal('promote'), email: EmailSchema }),
  /** A backup of the running store into a new folder (decision 038). */
  z.object({ command: z.literal('backup'), dir: z.string().min(1).max(1000) }),
]);
export type AdminCommand = z.infer<typeof AdminCommandSchema>;

/** Carries out an admin command; the answer is a sentence for the person who typed it. */
export async function runAdminCommand(
  deps: { accounts: AccountsService } & BackupDependencies,
  command: AdminCommand,
): Promise<{ ok: boolean; message: string }> {
  const { accounts } = deps;
  try {
    if (command.command === 'backup') {
      const manifest = await createBackup(deps, command.dir);
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      return {
        ok: true,
        message: `Backed up ${rows} rows and ${manifest.files} files (${Math.round(manifest.bytes / 1024 / 1024)} MB) into ${command.dir}.`,
      };
    }
    if (command.command === 'create') {
      const admin = await accounts.createAdmin(command);
      return { ok: true, message: `Administrator ${admin.email} created (verified).` };
    }
    const user = await accounts.promote(command.email);
    return user
      ? { ok: true, message: `${command.email} is now an administrator.` }
      : { ok: false, message: `No account for ${command.email}.` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Where a server on the embedded database takes admin commands: a socket in its DATA_DIR. */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

/**
 * While a server holds the embedded database, `npm run admin` cannot open it: the server takes
 * the command instead, one JSON line in and one out, on a socket in DATA_DIR that only the
 * store's own user may open. Returns the function that closes it.
 */
export async function listenForAdminCommands(
  dataDir: string,
  deps: { accounts: AccountsService } & BackupDependencies,
  log: Logger,
): Promise<() => Promise<void>> {
  const answer = async (line: string) => {
    let given: unknown;
    try {
      given = JSON.parse(line);
    } catch {
      return { ok: false, message: 'The command is not JSON.' };
    }
    const parsed = AdminCommandSchema.safeParse(given);
    if (!parsed.success) return { ok: false, message: z.prettifyError(parsed.error) };
    const result = await runAdminCommand(deps, parsed.data);
    log.info({ command: parsed.data.command, ok: result.ok }, 'admin command');
    return result;
  };
  const file = adminSocketPath(dataDir);
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n') && text.length < 10_000) return;
      socket.removeAllListeners('data');
      void answer(text).then((result) => socket.end(`${JSON.stringify(result)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/** Sends an admin command to the server that holds DATA_DIR. */
export function sendAdminCommand(dataDir: string, command: AdminCommand): Promise<{ ok: boolean; message: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(adminSocketPath(dataDir), () => socket.write(`${JSON.stringify(command)}\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as { ok: boolean; message: string });
      } catch {
        reject(new Error('The server gave no answer.'));
      }
    });
    socket.on('error', reject);
  });
}
