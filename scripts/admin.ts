/**
 * Administrators from the command line:
 *   npm run admin -- create --email E --first-name N      (asks for the password)
 *   npm run admin -- promote --email E
 * It works while the store runs: with the embedded database, the running server, which holds
 * DATA_DIR, carries the command out; otherwise the command opens the database itself. The
 * password is asked for and not shown (a script can pipe it in, or pass --password).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  AdminCommandSchema,
  runAdminCommand,
  sendAdminCommand,
  type AdminCommand,
} from '../server/ops/admin-commands.ts';
import { loadConfig } from '../server/shared/config.ts';
import { DataDirLockedError } from '../server/ops/data-dir-lock.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime } from '../server/app/runtime.ts';

const USAGE =
  'Usage: npm run admin -- create --email E --first-name N   (then type the password)\n' +
  '       npm run admin -- promote --email E';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' } },
});

const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
};

/** The password, typed at a prompt that does not show it, or the first line a script pipes in. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    for await (const line of createInterface({ input: process.stdin })) return line;
    return '';
  }
  const input = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write('Password (not shown): ');
  // Nothing typed is echoed: readline writes through this, which lets only the line's end through.
  (input as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) =>
    void (text.includes('\n') && process.stdout.write('\n'));
  const password = await input.question('');
  input.close();
  return password;
}

const command = positionals[0];
if (command !== 'create' && command !== 'promote') fail('Say create or promote.');
const parsed = AdminCommandSchema.safeParse(
  command === 'create'
    ? {
        command,
        email: values.email,
        firstName: values['first-name'] ?? '',
        password: values.password ?? (await askPassword()),
      }
    : { command, email: values.email },
);
if (!parsed.success) fail(z.prettifyError(parsed.error));
const request: AdminCommand = parsed.data!;

const config = loadConfig();
let result: { ok: boolean; message: string };
try {
  const runtime = await openRuntime(config, createLogger({ logLevel: 'warn' }));
  try {
    result = await runAdminCommand(runtime, request);
  } finally {
    await runtime.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // The store is running on this DATA_DIR: it carries the command out.
  result = await sendAdminCommand(config.dataDir, request).catch((cause: unknown) =>
    fail(
      `The store running on ${config.dataDir} did not take the command (${cause instanceof Error ? cause.message : String(cause)}). Stop it and run the command again.`,
    ),
  );
}
if (!result.ok) fail(result.message);
console.log(result.message);
