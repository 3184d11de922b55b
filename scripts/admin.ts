/**
 * Administrators from the command line:
 *   npm run admin -- create --email E --password P --first-name N
 *   npm run admin -- promote --email E
 * With the embedded database, stop the store first (it holds DATA_DIR); with DATABASE_URL it
 * can run beside it.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema, PasswordSchema } from '../contract/users.ts';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { openRuntime } from '../server/runtime.ts';
import { isCommonPassword } from '../server/security/passwords.ts';

const USAGE =
  'Usage: npm run admin -- create --email E --password P --first-name N\n       npm run admin -- promote --email E';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' } },
});

const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
};

const command = positionals[0];
if (command !== 'create' && command !== 'promote') fail('Say create or promote.');
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`--email: ${z.prettifyError(email.error)}`);

const config = loadConfig();
const runtime = await openRuntime(config, createLogger({ logLevel: 'warn' }));
try {
  if (command === 'create') {
    const password = PasswordSchema.safeParse(values.password ?? '');
    if (!password.success) fail(`--password: ${z.prettifyError(password.error)}`);
    if (isCommonPassword(values.password!))
      fail('--password: this is one of the most common passwords; choose another.');
    const firstName = values['first-name']?.trim() || fail('--first-name is required.');
    const admin = await runtime.accounts.createAdmin({ email: email.data!, password: values.password!, firstName });
    console.log(`Administrator ${admin.email} created (verified).`);
  } else {
    const user = await runtime.accounts.promote(email.data!);
    if (!user) fail(`No account for ${email.data}.`);
    console.log(`${email.data} is now an administrator.`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await runtime.close();
}
